import ParloCatalog

/// The answers to Parlo's questions ("yes", "no"): a small catalog the study session adds to the
/// command catalog, so that they can be said, not only typed.
///
/// Kept out of grammars/study.yaml on purpose. That file is the catalog every other tool reads
/// (`parlo match`, `parlo batch`, `parlo listen`, the committed audio fixtures, which must cover
/// every command, and the development set the confidence model is fitted on), and one-syllable
/// words such as "no" in an always-on grammar attract noise and coughs. Only the study session's
/// grammar carries them, and the session's "question" scope lets them match only while a question
/// is pending (`StudySession.questionScope`).
public enum StudyAnswers {
    /// Performs the command Parlo asked about.
    public static let confirm = "confirm"
    /// Drops it.
    public static let cancel = "cancel"
    public static let commands: Set<String> = [confirm, cancel]

    /// The answers' sentences, in the catalog format (quoted: YAML 1.1 reads yes/no as booleans).
    /// "sì" also matches a typed or decoded "si": the matcher folds accents.
    public static let yaml = """
        commands:
          confirm:
            en: ["yes", "yeah", "correct", "that's right"]
            it: ["sì", "esatto", "certo", "va bene"]
          cancel:
            en: ["no", "cancel", "never mind"]
            it: ["no", "annulla", "lascia stare"]
        """

    /// `catalog` with the answers added (unchanged when it already defines them, e.g. a custom
    /// catalog with its own wording).
    public static func adding(to catalog: Catalog) throws -> Catalog {
        guard !commands.contains(where: { catalog.command(named: $0) != nil }) else { return catalog }
        var out = catalog
        try out.merge(CatalogLoader.parse(yaml, file: "StudyAnswers.swift"))
        try out.validate()
        return out
    }
}
