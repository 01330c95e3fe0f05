// A TextField of Tests/Qt's QML forms that tells the Python side (`form`) of its text, its
// Return (accepted) and its focus.
import QtQuick 2.15
import QtQuick.Controls 2.15

TextField {
    width: parent.width
    placeholderText: objectName
    onTextChanged: form.changed(objectName, text)
    onAccepted: form.accepted(objectName)
    onActiveFocusChanged: if (activeFocus) form.focused(objectName)
}
