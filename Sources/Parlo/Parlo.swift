/// Parlo: offline voice commands and speech for study apps.
///
/// Import `Parlo` to get every pipeline stage; each stage is also its own module. The study
/// app's session is a separate product, `ParloStudy`.
@_exported import ParloCore
@_exported import ParloAudio
@_exported import ParloRecognizer
@_exported import ParloEvaluation
@_exported import ParloReverb
@_exported import ParloBatch
@_exported import ParloESpeak
@_exported import ParloALSA
@_exported import ParloCapture
@_exported import ParloMeter
@_exported import ParloEndpointer
@_exported import ParloVoiceActivity
@_exported import ParloListen
@_exported import ParloSpeech
@_exported import ParloText
@_exported import ParloCatalog
@_exported import ParloGrammar
@_exported import ParloCommands
@_exported import ParloFixtures
@_exported import ParloEcho
@_exported import ParloDocuments
