// The trace and the log line the module shares with keypad-osk, visible in every file here.
@_exported import KeypadForeignField
