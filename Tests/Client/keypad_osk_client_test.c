/* The shared client's rules, whatever carries them (#32): Sources/ThinModules/Client/keypad_osk_client.c
 * linked with a transport of this file's own that records what the client sends and lets each
 * test answer as the bus would (keypad_osk_transport.h). The GDBus and QtDBus transports and
 * keypad-osk itself are tested end to end by make test-gtk4, test-thin-gtk3, test-im and test-qt.
 *
 *     make test-client
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keypad_osk_client.h"
#include "keypad_osk_transport.h"

static int failures;

#define CHECK(condition, ...)                                                                                          \
    do {                                                                                                               \
        if (!(condition)) {                                                                                            \
            failures++;                                                                                                \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #condition);                                       \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
        }                                                                                                              \
    } while (0)

/* ---- The recording transport ---- */

#define MAX_SENT 64
static struct {
    KeypadOSKCall call;
    char text[16384]; /* the call's one string argument, copied */
} sent[MAX_SENT];
static int sent_count, connects, logs;
static char last_log[1024];

void keypad_osk_transport_connect(void) {
    connects++;
}

void keypad_osk_transport_send(const KeypadOSKCall *call) {
    if (sent_count == MAX_SENT) abort();
    sent[sent_count].call = *call;
    for (size_t index = 0; call->signature[index] != '\0'; index++)
        if (call->signature[index] == 's') {
            snprintf(sent[sent_count].text, sizeof sent[sent_count].text, "%s", call->args[index].s);
            sent[sent_count].call.args[index].s = sent[sent_count].text;
        }
    sent_count++;
}

void keypad_osk_transport_log(const char *line) {
    logs++;
    snprintf(last_log, sizeof last_log, "%s", line);
}

static const KeypadOSKCall *last_sent(const char *method) {
    for (int index = sent_count - 1; index >= 0; index--)
        if (strcmp(sent[index].call.method, method) == 0) return &sent[index].call;
    return NULL;
}

static int count_sent(const char *method) {
    int count = 0;
    for (int index = 0; index < sent_count; index++) count += strcmp(sent[index].call.method, method) == 0;
    return count;
}

/* ---- The field ---- */

static int field_a, field_b; /* their addresses are the fields */
static KeypadOSKContentType field_type = {KEYPAD_OSK_PURPOSE_DIGITS, 0, KEYPAD_OSK_FLAG_FOCUS_CHAIN};
static struct {
    int describes, commits, deletes, backspaces, activates, moves, dismisses, frames;
    char commit[8192];
    int delete_offset;
    unsigned delete_count;
    int frame[4];
} seen;

static void describe(void *field) {
    seen.describes++;
    keypad_osk_client_send_focus_in(field, field_type, (KeypadOSKCaret){0x2a00001, 10, 20, 1, 16});
}
static void commit(void *field, const char *text) {
    seen.commits++;
    snprintf(seen.commit, sizeof seen.commit, "%s", text);
}
static void delete_surrounding(void *field, int offset, unsigned count) {
    seen.deletes++;
    seen.delete_offset = offset;
    seen.delete_count = count;
}
static void backspace(void *field) {
    seen.backspaces++;
}
static void activate(void *field) {
    seen.activates++;
}
static void move_focus(void *field, int direction) {
    seen.moves += direction;
}
static void dismiss(void *field) {
    seen.dismisses++;
}
static void keypad_frame(void *field, int x, int y, int width, int height) {
    seen.frames++;
    memcpy(seen.frame, (int[]){x, y, width, height}, sizeof seen.frame);
}

static const KeypadOSKFieldOps ops = {describe, commit, delete_surrounding, backspace, activate,
                                      move_focus, dismiss, keypad_frame};

static void signal_from(const char *sender, const char *member, const char *signature, KeypadOSKArg *args,
                        size_t count) {
    keypad_osk_client_signal(sender, member, signature, args, count);
}

/* ---- The tests, in order: the client is one per process ---- */

static void test_focus_waits_for_the_bus_then_describes(void) {
    keypad_osk_client_focus_in(&field_a);
    CHECK(connects == 1, "connects %d", connects);
    CHECK(seen.describes == 0 && sent_count == 0, "nothing before the bus: %d describes, %d sent", seen.describes,
          sent_count);
    keypad_osk_client_focus_in(&field_a); /* still pending: no second connect */
    CHECK(connects == 1, "connects %d", connects);
    keypad_osk_client_bus_ready(NULL);
    CHECK(seen.describes == 1, "describes %d", seen.describes);
    const KeypadOSKCall *focus_in = last_sent("FocusIn");
    CHECK(focus_in != NULL && strcmp(focus_in->signature, "uuutiiii") == 0 && !focus_in->no_reply, "FocusIn");
    if (focus_in != NULL)
        CHECK(focus_in->args[0].u == KEYPAD_OSK_PURPOSE_DIGITS && focus_in->args[2].u == KEYPAD_OSK_FLAG_FOCUS_CHAIN &&
                  focus_in->args[3].t == 0x2a00001 && focus_in->args[4].i == 10 && focus_in->args[7].i == 16,
              "FocusIn's arguments");
    CHECK(keypad_osk_client_is_connected(&field_a) && !keypad_osk_client_is_connected(&field_b), "connected");
}

static void test_only_the_owner_is_obeyed(void) {
    KeypadOSKArg text = {.s = "12"};
    signal_from(":1.5", "Commit", "s", &text, 1);
    CHECK(seen.commits == 0, "a Commit before keypad-osk's name is known");
    keypad_osk_client_owner_changed(":1.5");
    keypad_osk_client_replied(last_sent("FocusIn"), ":1.5", NULL, NULL);
    signal_from(":1.9", "Commit", "s", &text, 1);
    CHECK(seen.commits == 0, "a Commit from another peer");
    signal_from(":1.5", "Commit", "s", &text, 1);
    CHECK(seen.commits == 1 && strcmp(seen.commit, "12") == 0, "the owner's Commit: %d %s", seen.commits,
          seen.commit);
}

static void test_signals_are_checked_against_their_signatures_and_bounds(void) {
    KeypadOSKArg wrong = {.i = 3};
    signal_from(":1.5", "Commit", "i", &wrong, 1);
    CHECK(seen.commits == 1, "a Commit of the wrong signature");
    static char big[KEYPAD_OSK_MAX_COMMIT_BYTES + 2];
    memset(big, 'x', sizeof big - 1);
    KeypadOSKArg huge = {.s = big};
    signal_from(":1.5", "Commit", "s", &huge, 1);
    CHECK(seen.commits == 1, "a Commit over the bound");
    KeypadOSKArg deletion[2] = {{.i = -1}, {.u = 1}};
    signal_from(":1.5", "DeleteSurrounding", "iu", deletion, 2);
    CHECK(seen.deletes == 1 && seen.delete_offset == -1 && seen.delete_count == 1, "DeleteSurrounding");
    deletion[1].u = KEYPAD_OSK_MAX_DELETE_CHARS + 1;
    signal_from(":1.5", "DeleteSurrounding", "iu", deletion, 2);
    deletion[1].u = 1;
    deletion[0].i = -KEYPAD_OSK_MAX_DELETE_CHARS - 1;
    signal_from(":1.5", "DeleteSurrounding", "iu", deletion, 2);
    CHECK(seen.deletes == 1, "DeleteSurrounding over its bounds: %d", seen.deletes);
    signal_from(":1.5", "Backspace", "", NULL, 0);
    signal_from(":1.5", "Return", "", NULL, 0);
    signal_from(":1.5", "Return", "v", NULL, 0); /* a body of another shape */
    CHECK(seen.backspaces == 1 && seen.activates == 1, "Backspace %d, Return %d", seen.backspaces, seen.activates);
    KeypadOSKArg direction = {.i = 1};
    signal_from(":1.5", "MoveFocus", "i", &direction, 1);
    direction.i = 2;
    signal_from(":1.5", "MoveFocus", "i", &direction, 1);
    CHECK(seen.moves == 1, "MoveFocus: %d", seen.moves);
    KeypadOSKArg frame[4] = {{.i = 0}, {.i = 500}, {.i = 800}, {.i = 300}};
    signal_from(":1.5", "KeypadFrame", "iiii", frame, 4);
    frame[2].i = -1;
    signal_from(":1.5", "KeypadFrame", "iiii", frame, 4);
    CHECK(seen.frames == 1 && seen.frame[1] == 500 && seen.frame[2] == 800, "KeypadFrame: %d", seen.frames);
    signal_from(":1.5", "Dismiss", "", NULL, 0);
    signal_from(":1.5", "Unknown", "", NULL, 0);
    CHECK(seen.dismisses == 1, "Dismiss");
}

static void test_surrounding_text_is_a_bounded_window_sent_once(void) {
    int before = count_sent("SetSurroundingText");
    keypad_osk_client_send_surrounding(&field_a, "héllo", strlen("héllo"), 3, 3, false);
    const KeypadOSKCall *call = last_sent("SetSurroundingText");
    CHECK(count_sent("SetSurroundingText") == before + 1 && call->no_reply, "sent, with no reply expected");
    CHECK(strcmp(call->args[0].s, "héllo") == 0 && call->args[1].i == 2 && call->args[2].i == 2,
          "code points: %s %d %d", call->args[0].s, call->args[1].i, call->args[2].i);
    keypad_osk_client_send_surrounding(&field_a, "héllo", strlen("héllo"), 3, 3, false);
    CHECK(count_sent("SetSurroundingText") == before + 1, "a repeat is not sent");

    /* 10 000 'é' (20 000 bytes), the caret in the middle: 4000 bytes each side, on characters. */
    static char text[20001];
    for (int index = 0; index < 10000; index++) memcpy(text + 2 * index, "é", 2);
    keypad_osk_client_send_surrounding(&field_a, text, 20000, 10001, 10001, false); /* inside a character */
    call = last_sent("SetSurroundingText");
    /* From byte 6002 (6001 is inside a character) to 14000; the caret's character counts before it. */
    size_t length = strlen(call->args[0].s);
    CHECK(length == 7998 && call->args[1].i == 2000 && call->args[2].i == 2000, "a window of %zu bytes, caret %d",
          length, call->args[1].i);

    keypad_osk_client_send_surrounding(&field_a, text, 20000, 100, 19900, false); /* wider than the window */
    call = last_sent("SetSurroundingText");
    CHECK(strcmp(call->args[0].s, "") == 0 && call->args[1].i == -1, "a selection wider than the window: none");
    keypad_osk_client_send_surrounding(&field_a, "héllo", strlen("héllo"), 0, 0, false);
    keypad_osk_client_send_surrounding(&field_a, "\xff\xfe", 2, 0, 0, false);
    call = last_sent("SetSurroundingText");
    CHECK(strcmp(call->args[0].s, "") == 0 && call->args[1].i == -1, "text that is not UTF-8: none");
    keypad_osk_client_send_surrounding(&field_a, "héllo", strlen("héllo"), 0, 0, false);
    before = count_sent("SetSurroundingText");
    keypad_osk_client_send_surrounding(&field_a, "secret", 6, 6, 6, true);
    call = last_sent("SetSurroundingText");
    CHECK(count_sent("SetSurroundingText") == before + 1 && strcmp(call->args[0].s, "") == 0 && call->args[1].i == -1,
          "a secure field's text never leaves");
    for (int index = 0; index < sent_count; index++)
        CHECK(strstr(sent[index].text, "secret") == NULL, "the secure text was sent");
}

static void test_caret_is_sent_when_it_moves(void) {
    int before = count_sent("SetCursorRect");
    keypad_osk_client_send_caret(&field_a, (KeypadOSKCaret){0x2a00001, 10, 20, 1, 16}); /* FocusIn's */
    CHECK(count_sent("SetCursorRect") == before, "FocusIn's caret again");
    keypad_osk_client_send_caret(&field_a, (KeypadOSKCaret){0x2a00001, 11, 20, 1, 16});
    const KeypadOSKCall *call = last_sent("SetCursorRect");
    CHECK(count_sent("SetCursorRect") == before + 1 && call->no_reply && strcmp(call->signature, "tiiii") == 0 &&
              call->args[1].i == 11,
          "SetCursorRect");
    keypad_osk_client_send_caret(&field_b, (KeypadOSKCaret){0, 1, 2, 3, 4});
    CHECK(count_sent("SetCursorRect") == before + 1, "a field without focus sends nothing");
}

static void test_a_refusal_is_not_an_outage(void) {
    int before = logs;
    KeypadOSKCall content = {.method = "SetContentType", .signature = "uuu"};
    keypad_osk_client_replied(&content, NULL, KEYPAD_OSK_ERROR_INVALID_ARGS, "too long");
    CHECK(keypad_osk_client_is_connected(&field_a), "still connected after a refusal");
    CHECK(logs == before + 1 && strstr(last_log, "refused") != NULL, "one line: %s", last_log);
}

static void test_keypad_osk_gone_and_back(void) {
    int before = logs;
    keypad_osk_client_owner_changed(NULL);
    CHECK(!keypad_osk_client_is_connected(&field_a), "still connected after keypad-osk left");
    CHECK(logs == before + 1 && strstr(last_log, "keypad-osk left the session bus") != NULL, "%s", last_log);
    KeypadOSKArg text = {.s = "3"};
    signal_from(":1.5", "Commit", "s", &text, 1);
    CHECK(seen.commits == 1, "a Commit from the keypad-osk that left");
    KeypadOSKCall focus_out = {.method = "FocusOut", .signature = ""};
    keypad_osk_client_replied(&focus_out, NULL, "org.freedesktop.DBus.Error.NoReply", "gone");
    CHECK(logs == before + 1, "one line per outage, not %d", logs - before);

    /* The next focus tells the successor, whose signals are then obeyed. */
    keypad_osk_client_focus_out(&field_a);
    keypad_osk_client_focus_in(&field_b);
    CHECK(keypad_osk_client_is_connected(&field_b) && last_sent("FocusIn") != NULL, "FocusIn again");
    keypad_osk_client_owner_changed(":1.7");
    keypad_osk_client_replied(last_sent("FocusIn"), ":1.7", NULL, NULL);
    signal_from(":1.7", "Commit", "s", &text, 1);
    CHECK(seen.commits == 2 && strcmp(seen.commit, "3") == 0, "the successor's Commit");
}

static void test_focus_out_and_a_failed_focus_in(void) {
    int before = count_sent("FocusOut");
    keypad_osk_client_focus_out(&field_a); /* not the focused field */
    CHECK(count_sent("FocusOut") == before, "FocusOut for a field without focus");
    keypad_osk_client_forget(&field_b);
    CHECK(count_sent("FocusOut") == before + 1 && !keypad_osk_client_is_connected(&field_b), "FocusOut");
    keypad_osk_client_focus_in(&field_a);
    keypad_osk_client_replied(last_sent("FocusIn"), NULL, "org.freedesktop.DBus.Error.ServiceUnknown", "none");
    CHECK(!keypad_osk_client_is_connected(&field_a), "connected after a failed FocusIn");
    KeypadOSKArg text = {.s = "4"};
    signal_from(":1.7", "Commit", "s", &text, 1);
    CHECK(seen.commits == 2, "a Commit after a failed FocusIn");
}

int main(void) {
    keypad_osk_client_init(&ops);
    test_focus_waits_for_the_bus_then_describes();
    test_only_the_owner_is_obeyed();
    test_signals_are_checked_against_their_signatures_and_bounds();
    test_surrounding_text_is_a_bounded_window_sent_once();
    test_caret_is_sent_when_it_moves();
    test_a_refusal_is_not_an_outage();
    test_keypad_osk_gone_and_back();
    test_focus_out_and_a_failed_focus_in();
    if (failures != 0) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("ok   the shared client's rules (%d calls recorded)\n", sent_count);
    return 0;
}
