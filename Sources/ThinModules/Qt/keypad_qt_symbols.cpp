#include "keypad_qt_symbols.h"

#include <dlfcn.h>

#define KEYPAD_QT_LIBRARY(name) "libQt" QT_STRINGIFY(QT_VERSION_MAJOR) name ".so." QT_STRINGIFY(QT_VERSION_MAJOR)

namespace {

/* The library's handle when the app has mapped it; it stays mapped as long as the app runs
 * (Qt never unloads its own libraries), so the reference RTLD_NOLOAD took is kept. */
void *mapped(const char *library) {
    return dlopen(library, RTLD_LAZY | RTLD_NOLOAD);
}

/* Whether NAME was found in HANDLE (into FUNCTION). */
template <typename Function> bool find(void *handle, Function &function, const char *name) {
    function = reinterpret_cast<Function>(dlsym(handle, name));
    return function != nullptr;
}

} // namespace

const KeypadQtWidgets *keypad_qt_widgets(const QObject *object) {
    static KeypadQtWidgets widgets;
    static int found = -1; /* not looked for yet */
    if (object == nullptr || !object->isWidgetType()) return nullptr;
    if (found < 0) {
        void *handle = mapped(KEYPAD_QT_LIBRARY("Widgets"));
        found = handle != nullptr && find(handle, widgets.nextInFocusChain, "_ZNK7QWidget16nextInFocusChainEv") &&
                find(handle, widgets.window, "_ZNK7QWidget6windowEv") &&
                find(handle, widgets.focusProxy, "_ZNK7QWidget10focusProxyEv") &&
                find(handle, widgets.setFocus, "_ZN7QWidget8setFocusEN2Qt11FocusReasonE") &&
                find(handle, widgets.mapTo, "_ZNK7QWidget5mapToEPKS_RK6QPoint") &&
                find(handle, widgets.contentsMargins, "_ZNK7QWidget15contentsMarginsEv") &&
                find(handle, widgets.setContentsMargins, "_ZN7QWidget18setContentsMarginsEiiii");
    }
    return found ? &widgets : nullptr;
}

const KeypadQtQuick *keypad_qt_quick(const QObject *object) {
    static KeypadQtQuick quick;
    static int found = -1;
    if (object == nullptr || !object->inherits("QQuickItem")) return nullptr;
    if (found < 0) {
        void *handle = mapped(KEYPAD_QT_LIBRARY("Quick"));
        found = handle != nullptr &&
                find(handle, quick.nextItemInFocusChain, "_ZN10QQuickItem20nextItemInFocusChainEb") &&
                find(handle, quick.forceActiveFocus, "_ZN10QQuickItem16forceActiveFocusEN2Qt11FocusReasonE") &&
                find(handle, quick.mapRectToScene, "_ZNK10QQuickItem14mapRectToSceneERK6QRectF");
    }
    return found ? &quick : nullptr;
}
