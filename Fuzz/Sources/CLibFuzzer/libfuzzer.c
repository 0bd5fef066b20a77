/* Declarations only: the definitions come from libFuzzer (-sanitize=fuzzer). */
