import CPocketSphinx

extension JSGFGrammar {
    /// Parses and compiles the grammar with sphinxbase as a `Recognizer` would, without a model.
    ///
    /// Both ways a recognizer hands the text to sphinxbase are taken: as written (first public
    /// rule, what `ps_set_jsgf_string` does) and with every public rule under one top rule (the
    /// rejecting graph). A grammar sphinxbase refuses throws here without the seconds a model
    /// takes to load; the fuzz harness (`Fuzz/`) reaches sphinxbase's JSGF parser through this.
    public func compileWithSphinxbase() throws {
        try PocketSphinxLog.withConstructionLock {
            guard let lmath = logmath_init(1.0001, 0, 0) else {
                throw RecognizerError(.badGrammar, "PocketSphinx could not set up its log tables")
            }
            defer { logmath_free(lmath) }
            // 6.5: sphinxbase's default language weight (-lw); the graph's shape does not depend on it.
            fsg_model_free(try GarbageGraph.compile(text, topRule: nil, lmath: lmath, lw: 6.5))
            fsg_model_free(try GarbageGraph.compile(GarbageGraph.singleTopRule(self), topRule: "__parlo_top", lmath: lmath, lw: 6.5))
        }
    }
}
