import FoundationEssentials

/// `path` absolute, with `.`, `..` and the symbolic links of its folder and of itself resolved
/// (the file itself need not exist yet): two paths to one file are equal so.
func realPath(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let folder = url.deletingLastPathComponent().resolvingSymlinksInPath()
    return folder.appendingPathComponent(url.lastPathComponent).resolvingSymlinksInPath().path
}

/// Whether `path` is `place` or lies inside it (as a folder), once both are real paths.
func isSameOrInside(_ path: String, _ place: String) -> Bool {
    let path = realPath(path), place = realPath(place)
    return path == place || path.hasPrefix(place.hasSuffix("/") ? place : place + "/")
}
