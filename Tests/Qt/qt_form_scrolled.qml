// The scrolled QML form of Tests/Qt/qt_form.py: Digits and Number at the top of a Flickable
// as tall as the window, Far at its bottom. The plug-in keeps a field in view above the keypad
// through the Flickable's bottomMargin and contentY.
import QtQuick 2.15
import QtQuick.Controls 2.15
import QtQuick.Window 2.15

ApplicationWindow {
    width: 420
    height: 640
    visible: true
    title: formTitle

    Flickable {
        id: scroller
        objectName: "Scroller"
        anchors.fill: parent
        contentHeight: Math.max(height, column.implicitHeight + far.height + 16)
        clip: true

        Column {
            id: column
            x: 8
            y: 8
            width: scroller.width - 16
            spacing: 4
            Field { objectName: "Digits"; inputMethodHints: Qt.ImhDigitsOnly; focus: true }
            Field { objectName: "Number"; inputMethodHints: Qt.ImhFormattedNumbersOnly }
        }
        Field {
            id: far
            objectName: "Far"
            x: 8
            width: scroller.width - 16
            y: scroller.contentHeight - height - 8
            inputMethodHints: Qt.ImhDigitsOnly
        }
    }
}
