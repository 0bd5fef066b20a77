import Foundation
import ParloTesting
import XCTest

/// CPoppler loads poppler-glib at run time and declares the few GLib and poppler types it passes
/// itself (Sources/CPoppler/abi.h), so no compiler compares them with poppler's. This test does:
/// it compiles abi.h beside poppler's installed headers and checks every size, offset and value.
final class PopplerABITests: XCTestCase {
    func testCPopplersDeclarationsMatchPopplersHeaders() throws {
        let flags = try Subprocess.run("/usr/bin/env", ["pkg-config", "--cflags", "poppler-glib"])
        XCTAssertEqual(flags.status, 0, "poppler's headers are missing: scripts/setup installs libpoppler-glib-dev. \(flags.stderr)")
        let abi = Repository.root.appendingPathComponent("Sources/CPoppler/abi.h").path
        let check = """
        #include <stddef.h>
        #include <poppler.h>
        #include "\(abi)"
        #define SAME(a, b) _Static_assert(sizeof(a) == sizeof(b), #a " is not " #b)
        #define AT(a, b, f) _Static_assert(offsetof(a, f) == offsetof(b, f), #a "." #f " is not where " #b "." #f " is")
        SAME(parlo_g_quark, GQuark);
        SAME(parlo_g_error, GError); AT(parlo_g_error, GError, domain); AT(parlo_g_error, GError, code); AT(parlo_g_error, GError, message);
        SAME(parlo_g_list, GList); AT(parlo_g_list, GList, data); AT(parlo_g_list, GList, next); AT(parlo_g_list, GList, prev);
        SAME(parlo_poppler_rectangle, PopplerRectangle);
        AT(parlo_poppler_rectangle, PopplerRectangle, x1); AT(parlo_poppler_rectangle, PopplerRectangle, y1);
        AT(parlo_poppler_rectangle, PopplerRectangle, x2); AT(parlo_poppler_rectangle, PopplerRectangle, y2);
        SAME(unsigned, guint); SAME(int, gboolean);
        _Static_assert(PARLO_POPPLER_ERROR_ENCRYPTED == POPPLER_ERROR_ENCRYPTED, "the encrypted error's code moved");
        """
        let cflags = flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        // clang comes with every Swift toolchain; the check is read from standard input.
        let out = try Subprocess.run("/usr/bin/env", ["clang", "-fsyntax-only", "-w", "-x", "c"] + cflags + ["-"], stdin: check)
        XCTAssertEqual(out.status, 0, out.stderr)
    }
}
