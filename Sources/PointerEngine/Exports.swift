// PointerEngine speaks the InputProtocol event model (events in, timestamps); re-export it so
// clients (renderer, playground) get Timestamp, InputEvent, Modifiers … with one import.
@_exported import InputProtocol
