// The QML form of Tests/Qt/qt_form.py (Qt 5.15 and Qt 6 read the same imports): TextFields
// (Field.qml) and a bare TextInput with inputMethodHints, a password TextField, two TextAreas.
// Each field tells the Python side (`form`) of its text, its Return (accepted) and its focus.
import QtQuick 2.15
import QtQuick.Controls 2.15
import QtQuick.Window 2.15

ApplicationWindow {
    id: window
    width: 420
    height: 640
    visible: true
    title: formTitle

    component Area: TextArea {
        width: parent.width
        height: 60
        placeholderText: objectName
        onTextChanged: form.changed(objectName, text)
        onActiveFocusChanged: if (activeFocus) form.focused(objectName)
    }

    Column {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 4
        Field { objectName: "Digits"; inputMethodHints: Qt.ImhDigitsOnly; focus: true }
        Field { objectName: "Number"; inputMethodHints: Qt.ImhFormattedNumbersOnly }
        Rectangle {
            width: parent.width
            height: 32
            border.width: 1
            TextInput {
                objectName: "Phone"
                anchors.fill: parent
                anchors.margins: 6
                inputMethodHints: Qt.ImhDialableCharactersOnly
                onTextChanged: form.changed(objectName, text)
                onAccepted: form.accepted(objectName)
                onActiveFocusChanged: if (activeFocus) form.focused(objectName)
            }
        }
        Field { objectName: "Email"; inputMethodHints: Qt.ImhEmailCharactersOnly }
        Field { objectName: "Url"; inputMethodHints: Qt.ImhUrlCharactersOnly }
        Field { objectName: "Date"; inputMethodHints: Qt.ImhDate }
        Field { objectName: "Free" }
        Field { objectName: "Password"; echoMode: TextInput.Password }
        Area { objectName: "Notes" }
        Area { objectName: "Text" }
    }
}
