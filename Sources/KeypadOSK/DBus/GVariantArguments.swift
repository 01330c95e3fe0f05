import CGTK

/// Reads a method call's arguments (a GVariant tuple GDBus has already checked against the
/// introspection data) by position.
@MainActor
struct GVariantArguments {
    let tuple: OpaquePointer

    /// `read` of the child at `index`; `empty` where there is none (GDBus checked the
    /// signature, so only a tuple shorter than the interface says would lack it).
    private func child<T>(_ index: Int, empty: T, _ read: (OpaquePointer) -> T) -> T {
        guard let value = g_variant_get_child_value(tuple, gsize(index)) else { return empty }
        defer { g_variant_unref(value) }
        return read(value)
    }

    func uint32(_ index: Int) -> UInt32 { child(index, empty: 0) { g_variant_get_uint32($0) } }
    func int32(_ index: Int) -> Int32 { child(index, empty: 0) { g_variant_get_int32($0) } }
    func uint64(_ index: Int) -> UInt64 { child(index, empty: 0) { UInt64(g_variant_get_uint64($0)) } }
    func string(_ index: Int) -> String {
        child(index, empty: "") { value in g_variant_get_string(value, nil).map { String(cString: $0) } ?? "" }
    }

    /// Four int32s from `index` on as a rectangle; nil when a size is negative or absurd.
    func rectangle(from index: Int) -> GdkRectangle? {
        let rect = GdkRectangle(x: int32(index), y: int32(index + 1), width: int32(index + 2), height: int32(index + 3))
        let sizes = 0...65535
        guard sizes.contains(Int(rect.width)), sizes.contains(Int(rect.height)) else { return nil }
        return rect
    }
}
