/* Changes the X screen's monitor for the IM module's tests, as a rotation or a
   resolution change would (Xvfb's RandR offers no other mode): the same RandR 1.5 hook
   the Swift GTK tests use (Tests/CKeypadTestDisplay).

     im-monitor set WIDTH HEIGHT WIDTH_MM HEIGHT_MM
     im-monitor reset */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keypad_test_display.h"

int main(int argc, char **argv) {
    if (argc == 6 && strcmp(argv[1], "set") == 0) {
        if (!keypad_test_set_monitor(0, 0, atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]))) {
            fprintf(stderr, "im-monitor: the X server has no RandR 1.5\n");
            return 1;
        }
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "reset") == 0) {
        keypad_test_reset_monitor();
        return 0;
    }
    fprintf(stderr, "usage: im-monitor set WIDTH HEIGHT WIDTH_MM HEIGHT_MM | reset\n");
    return 2;
}
