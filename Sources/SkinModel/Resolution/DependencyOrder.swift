/// Orders tokens so every token comes after the tokens it depends on, and finds the
/// reference cycles that make such an order impossible.
///
/// Iterative depth-first search (an explicit stack, not recursion), so a long alias
/// chain in a hostile document cannot exhaust the thread's stack.
enum DependencyOrder {
    struct Result {
        /// Every token, dependencies first. Tokens on cycles are included, in some order.
        var order: [Int]
        /// Each cycle found, as the tokens along it (without repeating the first).
        var cycles: [[Int]]
    }

    static func sort(dependencies: TokenLists, count: Int) -> Result {
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the stack, 2 done
        var stackPosition = [Int](repeating: -1, count: count)
        var order: [Int] = []
        order.reserveCapacity(count)
        var cycles: [[Int]] = []
        var stack: [(token: Int, next: Int)] = []
        for root in 0..<count where state[root] == 0 {
            state[root] = 1
            stackPosition[root] = 0
            stack.append((root, 0))
            while let top = stack.last {
                if top.next < dependencies.count(of: top.token) {
                    stack[stack.count - 1].next += 1
                    let dependency = dependencies[top.token, top.next]
                    switch state[dependency] {
                    case 0:
                        state[dependency] = 1
                        stackPosition[dependency] = stack.count
                        stack.append((dependency, 0))
                    case 1:
                        cycles.append(stack[stackPosition[dependency]...].map(\.token))
                    default:
                        break
                    }
                } else {
                    state[top.token] = 2
                    order.append(top.token)
                    stack.removeLast()
                }
            }
        }
        return Result(order: order, cycles: cycles)
    }
}
