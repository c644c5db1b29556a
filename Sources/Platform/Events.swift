import CSDL2

/// SDL's events, as SheetLab uses them. Coordinates are window points.
public enum InputEvent: Sendable, Equatable {
    case quit
    case mouseDown(x: Double, y: Double)
    case mouseMove(x: Double, y: Double, buttonDown: Bool)
    case mouseUp(x: Double, y: Double)
    /// A finger, in coordinates normalised to the window (0…1), with SDL's id for it (`SDL_FingerID`), so that
    /// several fingers can be told apart and merged into one gesture.
    case fingerDown(id: Int, x: Double, y: Double)
    case fingerMove(id: Int, x: Double, y: Double)
    case fingerUp(id: Int, x: Double, y: Double)
    /// Scroll in wheel units; positive `dy` scrolls up (away from the user).
    case wheel(dx: Double, dy: Double, mouseX: Double, mouseY: Double)
    case key(Key, shift: Bool, control: Bool)
    case text(String)
    case windowChanged
    case windowExposed
    /// A file dropped on the window (`SDL_DROPFILE`, from the desktop's drag and drop: XDND on X11), by its path.
    case drop(path: String)

    public enum Key: Sendable, Equatable {
        case character(Character)
        case digit(Int)
        case escape, space, tab, enter, backspace, delete, up, down, left, right, f5
    }
}

/// An event and when SDL saw it, in milliseconds on `EventQueue.ticks`' clock.
public struct TimedInputEvent: Sendable {
    public var event: InputEvent
    public var time: Double
}

public enum EventQueue {
    /// Waits up to `timeoutMS` for an event (0 = just poll), then drains everything pending.
    /// Events keep SDL's own timestamps, so velocities stay right when several arrive in one frame.
    public static func next(timeoutMS: Int) -> [TimedInputEvent] {
        var event = SDL_Event()
        var out: [TimedInputEvent] = []
        let got = timeoutMS > 0 ? SDL_WaitEventTimeout(&event, Int32(timeoutMS)) : SDL_PollEvent(&event)
        guard got != 0 else { return out }
        repeat {
            if let e = translate(&event) { out.append(TimedInputEvent(event: e, time: Double(event.common.timestamp))) }
        } while SDL_PollEvent(&event) != 0
        return out
    }

    public static func delay(ms: Int) { SDL_Delay(UInt32(max(0, ms))) }

    /// Whether SDL turns key presses into text (`SDL_TEXTINPUT`, with the system's input method): on while a text
    /// field or the inspector is being typed into, off otherwise (`SDL_StartTextInput`, `SDL_StopTextInput`).
    public static var textInput: Bool {
        get { SDL_IsTextInputActive() == SDL_TRUE }
        set {
            guard newValue != textInput else { return }
            if newValue { SDL_StartTextInput() } else { SDL_StopTextInput() }
        }
    }

    /// Files dropped on the window arrive as `.drop` (SDL_DROPFILE); dropped text and the begin and end of a drop are
    /// not read, and SDL drops them.
    public static func acceptFileDrops() {
        SDL_EventState(SDL_DROPFILE.rawValue, SDL_ENABLE)
        SDL_EventState(SDL_DROPTEXT.rawValue, SDL_IGNORE)
        SDL_EventState(SDL_DROPBEGIN.rawValue, SDL_IGNORE)
        SDL_EventState(SDL_DROPCOMPLETE.rawValue, SDL_IGNORE)
    }

    /// Milliseconds since SDL started: the window's clock (the same one event timestamps use).
    public static var ticks: Double { Double(SDL_GetTicks()) }

    private static func translate(_ event: inout SDL_Event) -> InputEvent? {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard event.button.which != sheetlab_touch_mouse_id(), event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            return .mouseDown(x: Double(event.button.x), y: Double(event.button.y))
        case SDL_MOUSEBUTTONUP.rawValue:
            guard event.button.which != sheetlab_touch_mouse_id(), event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            return .mouseUp(x: Double(event.button.x), y: Double(event.button.y))
        case SDL_MOUSEMOTION.rawValue:
            guard event.motion.which != sheetlab_touch_mouse_id() else { return nil }
            return .mouseMove(x: Double(event.motion.x), y: Double(event.motion.y),
                              buttonDown: event.motion.state & sheetlab_button_mask(Int32(SDL_BUTTON_LEFT)) != 0)
        case SDL_FINGERDOWN.rawValue:
            return .fingerDown(id: Int(truncatingIfNeeded: event.tfinger.fingerId), x: Double(event.tfinger.x), y: Double(event.tfinger.y))
        case SDL_FINGERMOTION.rawValue:
            return .fingerMove(id: Int(truncatingIfNeeded: event.tfinger.fingerId), x: Double(event.tfinger.x), y: Double(event.tfinger.y))
        case SDL_FINGERUP.rawValue:
            return .fingerUp(id: Int(truncatingIfNeeded: event.tfinger.fingerId), x: Double(event.tfinger.x), y: Double(event.tfinger.y))
        case SDL_MOUSEWHEEL.rawValue:
            var flip = 1.0
            if event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { flip = -1 }
            return .wheel(dx: Double(event.wheel.preciseX) * flip, dy: Double(event.wheel.preciseY) * flip,
                          mouseX: Double(event.wheel.mouseX), mouseY: Double(event.wheel.mouseY))
        case SDL_TEXTINPUT.rawValue:
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .text(text)
        case SDL_KEYDOWN.rawValue:
            let mod = UInt32(event.key.keysym.mod)
            let shift = mod & KMOD_SHIFT.rawValue != 0
            let control = mod & (KMOD_CTRL.rawValue | KMOD_GUI.rawValue) != 0
            let sym = event.key.keysym.sym
            let key: InputEvent.Key?
            switch sym {
            case Int32(SDLK_ESCAPE.rawValue): key = .escape
            case Int32(SDLK_SPACE.rawValue): key = .space
            case Int32(SDLK_TAB.rawValue): key = .tab
            case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): key = .enter
            case Int32(SDLK_BACKSPACE.rawValue): key = .backspace
            case Int32(SDLK_DELETE.rawValue): key = .delete
            case Int32(SDLK_UP.rawValue): key = .up
            case Int32(SDLK_DOWN.rawValue): key = .down
            case Int32(SDLK_LEFT.rawValue): key = .left
            case Int32(SDLK_RIGHT.rawValue): key = .right
            case Int32(SDLK_F5.rawValue): key = .f5
            case Int32(SDLK_0.rawValue)...Int32(SDLK_9.rawValue): key = .digit(Int(sym - Int32(SDLK_0.rawValue)))
            case Int32(SDLK_SLASH.rawValue) where shift: key = .character("?")
            case 33...126: key = .character(Character(UnicodeScalar(UInt8(sym))))
            default: key = nil
            }
            return key.map { .key($0, shift: shift, control: control) }
        case SDL_DROPFILE.rawValue:
            // SDL hands over the path's memory: it is read, then freed, whatever becomes of it.
            guard let file = event.drop.file else { return nil }
            defer { SDL_free(file) }
            return .drop(path: String(cString: file))
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_RESIZED.rawValue: return .windowChanged
            case SDL_WINDOWEVENT_EXPOSED.rawValue: return .windowExposed
            default: return nil
            }
        default:
            return nil
        }
    }
}
