/// A group of the DTCG output tree while it is being built.
final class DTCGTreeNode {
    var children: [String: DTCGTreeNode] = [:]
    var token: JSONObject?
    /// The group's own members (`$description`, `$deprecated`, `$extensions`, others), written first.
    var metadata: JSONObject?

    func insert(_ names: ArraySlice<String>, token: JSONObject) {
        guard let first = names.first else {
            self.token = token
            return
        }
        let child = children[first] ?? DTCGTreeNode()
        children[first] = child
        child.insert(names.dropFirst(), token: token)
    }

    /// The node at `names`, created on the way.
    func node(_ names: ArraySlice<String>) -> DTCGTreeNode {
        guard let first = names.first else { return self }
        let child = children[first] ?? DTCGTreeNode()
        children[first] = child
        return child.node(names.dropFirst())
    }

    func json() -> JSONObject {
        var object = token ?? metadata ?? JSONObject()
        for (name, child) in children {
            object[name] = .object(child.json())
        }
        return object
    }
}
