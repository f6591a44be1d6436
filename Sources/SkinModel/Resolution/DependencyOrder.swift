/// Orders tokens so every token comes after the tokens it depends on, and finds the
/// reference cycles that make such an order impossible.
///
/// Iterative depth-first search (an explicit stack, not recursion), so a long alias
/// chain in a hostile document cannot exhaust the thread's stack.
///
/// Linear in tokens and references, the report included: every back edge closes a cycle,
/// and a chain of `n` tokens with a back edge from each to the first closes `n` cycles of
/// up to `n` tokens (8,000 tokens once made a 376 MB report). Which tokens lie on a cycle is
/// found without spelling any (each frame carries the lowest stack position its subtree's
/// back edges reach, as Tarjan's low-link does); cycles are spelled out only while the
/// spelled tokens stay within `spellingAllowance`.
enum DependencyOrder {
    struct Result {
        /// Every token, dependencies first. Tokens on cycles are included, in some order.
        var order: [Int]
        /// Cycles spelled out, as the tokens along each (without repeating the first).
        var cycles: [[Int]]
        /// Whether each token lies on a cycle a back edge closed, spelled or not.
        var onCycle: [Bool]
        /// Cycles found but not spelled, past the allowance.
        var unspelled = 0
    }

    static func sort(dependencies: TokenLists, count: Int, spellingAllowance: Int = .max) -> Result {
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the stack, 2 done
        var stackPosition = [Int](repeating: -1, count: count)
        var result = Result(order: [], cycles: [], onCycle: [Bool](repeating: false, count: count))
        result.order.reserveCapacity(count)
        var spelled = 0
        var stack: [(token: Int, next: Int, low: Int)] = []
        for root in 0..<count where state[root] == 0 {
            state[root] = 1
            stackPosition[root] = 0
            stack.append((root, 0, Int.max))
            while let top = stack.last {
                if top.next < dependencies.count(of: top.token) {
                    stack[stack.count - 1].next += 1
                    let dependency = dependencies[top.token, top.next]
                    switch state[dependency] {
                    case 0:
                        state[dependency] = 1
                        stackPosition[dependency] = stack.count
                        stack.append((dependency, 0, Int.max))
                    case 1:
                        let start = stackPosition[dependency]
                        stack[stack.count - 1].low = min(top.low, start)
                        if stack.count - start <= spellingAllowance - spelled {
                            spelled += stack.count - start
                            result.cycles.append(stack[start...].map(\.token))
                        } else {
                            result.unspelled += 1
                        }
                    default:
                        break
                    }
                } else {
                    // On a cycle when a back edge from here or above reached this position or lower.
                    let position = stack.count - 1
                    if top.low <= position { result.onCycle[top.token] = true }
                    state[top.token] = 2
                    result.order.append(top.token)
                    stack.removeLast()
                    if !stack.isEmpty { stack[stack.count - 1].low = min(stack[stack.count - 1].low, top.low) }
                }
            }
        }
        return result
    }
}
