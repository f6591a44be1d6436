/// A group of the DTCG output tree while it is being built.
final class DTCGTreeNode {
    var children: [String: DTCGTreeNode] = [:]
    var token: JSONObject?

    func insert(_ names: ArraySlice<String>, token: JSONObject) {
        guard let first = names.first else {
            self.token = token
            return
        }
        let child = children[first] ?? DTCGTreeNode()
        children[first] = child
        child.insert(names.dropFirst(), token: token)
    }

    func json() -> JSONObject {
        var object = token ?? JSONObject()
        for (name, child) in children {
            object[name] = .object(child.json())
        }
        return object
    }
}
