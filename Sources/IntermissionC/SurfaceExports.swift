// The C functions of intermission.h for an overlay on any engine (0.5): the surface, its pixels,
// its size, and input as plain calls. Thin shells, as Exports.swift's: find the overlay, check the
// thread and the arguments, then call Swift; nothing here may trap.
import CIntermission
import IntermissionCore
import IntermissionSurface

/// The overlay with `handle`, or the error code to return.
private func liveSurfaceCall(_ handle: OpaquePointer?, _ body: (EmbeddedOverlay) -> Int32) -> Int32 {
  switch live(handle) {
  case .success(let overlay): body(overlay)
  case .failure(let error): error.code
  }
}

/// A point of window coordinates, or nil when either is not finite.
private func point(_ x: Double, _ y: Double) -> Point? {
  x.isFinite && y.isFinite ? Point(x: x, y: y) : nil
}

@_cdecl("intermission_create_surface")
public func intermissionCreateSurface(
  _ width: Int32, _ height: Int32, _ scale: Double, _ config: UnsafePointer<intermission_config>?,
  _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int
) -> OpaquePointer? {
  do {
    guard let config else { throw CreateFailure("config is NULL (fill one with intermission_config_init)") }
    let overlay = try EmbeddedOverlay(
      surfaceWidth: Int(width), height: Int(height), scale: scale, settings: OverlaySettings(reading: config))
    return OverlayHandles.shared.register(overlay)
  } catch let failure {
    CString.copy("\(failure)", into: error, capacity: errorSize)
    return nil
  }
}

@_cdecl("intermission_surface_pixels")
public func intermissionSurfacePixels(
  _ handle: OpaquePointer?, _ pixels: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
  _ width: UnsafeMutablePointer<Int32>?,
  _ height: UnsafeMutablePointer<Int32>?, _ pitch: UnsafeMutablePointer<Int32>?,
  _ dirty: UnsafeMutablePointer<intermission_rect>?
) -> Int32 {
  liveSurfaceCall(handle) { overlay in
    guard let surface = overlay.surface() else { return ResultCode.wrongKind }
    let frame = surface.takeFrame()
    pixels?.pointee = frame.pixels.assumingMemoryBound(to: UInt8.self)
    width?.pointee = Int32(frame.width)
    height?.pointee = Int32(frame.height)
    pitch?.pointee = Int32(frame.pitch)
    let changed = frame.dirty.isEmpty ? PixelRect.empty : frame.dirty
    dirty?.pointee = intermission_rect(
      x: Int32(changed.x), y: Int32(changed.y), w: Int32(changed.width), h: Int32(changed.height))
    return overlay.message.succeed()
  }
}

@_cdecl("intermission_resize")
public func intermissionResize(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32, _ scale: Double) -> Int32 {
  liveSurfaceCall(handle) { $0.resize(width: Int(width), height: Int(height), scale: scale) }
}

@_cdecl("intermission_pointer_move")
public func intermissionPointerMove(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> Int32 {
  liveSurfaceCall(handle) { overlay in
    guard overlay.surface() != nil else { return ResultCode.wrongKind }
    guard let point = point(x, y) else {
      return overlay.message.fail(ResultCode.invalidArgument, "the pointer's coordinates (\(x), \(y)) are not finite")
    }
    return overlay.input(.pointerMoved(point))
  }
}

@_cdecl("intermission_pointer_button")
public func intermissionPointerButton(
  _ handle: OpaquePointer?, _ x: Double, _ y: Double, _ button: Int32, _ pressed: Int32
) -> Int32 {
  liveSurfaceCall(handle) { overlay in
    guard overlay.surface() != nil else { return ResultCode.wrongKind }
    guard let point = point(x, y) else {
      return overlay.message.fail(ResultCode.invalidArgument, "the pointer's coordinates (\(x), \(y)) are not finite")
    }
    guard button == 1 else { return overlay.unreadInput() }
    return overlay.input(pressed != 0 ? .pointerDown(point) : .pointerUp(point))
  }
}

@_cdecl("intermission_wheel")
public func intermissionWheel(_ handle: OpaquePointer?, _ dx: Double, _ dy: Double) -> Int32 {
  liveSurfaceCall(handle) { overlay in
    guard overlay.surface() != nil else { return ResultCode.wrongKind }
    guard dx.isFinite, dy.isFinite else {
      return overlay.message.fail(ResultCode.invalidArgument, "the wheel's turn (\(dx), \(dy)) is not finite")
    }
    return dy == 0 ? overlay.unreadInput() : overlay.input(.wheel(dy: dy))
  }
}

@_cdecl("intermission_key")
public func intermissionKey(_ handle: OpaquePointer?, _ key: Int32, _ pressed: Int32) -> Int32 {
  liveSurfaceCall(handle) { overlay in
    guard overlay.surface() != nil else { return ResultCode.wrongKind }
    guard let key = EmbeddedOverlay.key(key) else { return overlay.unreadInput() }
    return overlay.input(pressed != 0 ? .keyDown(key) : .keyUp(key))
  }
}

@_cdecl("intermission_gamepad_button")
public func intermissionGamepadButton(_ handle: OpaquePointer?, _ button: Int32, _ pressed: Int32) -> Int32 {
  liveSurfaceCall(handle) { overlay in
    guard overlay.surface() != nil else { return ResultCode.wrongKind }
    guard let button = EmbeddedOverlay.gamepadButton(button) else { return overlay.unreadInput() }
    return overlay.input(pressed != 0 ? .keyDown(button.key) : .keyUp(button.key))
  }
}

@_cdecl("intermission_window_state")
public func intermissionWindowState(_ handle: OpaquePointer?, _ visible: Int32, _ focused: Int32) -> Int32 {
  liveSurfaceCall(handle) { overlay in
    guard overlay.surface() != nil else { return ResultCode.wrongKind }
    return overlay.windowState(visible: visible != 0, focused: focused != 0)
  }
}
