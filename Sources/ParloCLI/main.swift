import ParloRecognizer
import ParloAudio
import Foundation
let model = try AcousticModel.locate()
let t0 = Date()
let g = try JSGFGrammar(String(contentsOfFile: "/usr/share/pocketsphinx/test/data/cards/cards.gram"))
let r = try Recognizer(model: model, grammar: g)
print("startup", Date().timeIntervalSince(t0))
for i in 1...5 {
  let s = try SpeechFileReader(path: "/usr/share/pocketsphinx/test/data/cards/00\(i).wav").readAll()
  let t1 = Date()
  let res = try r.decode(s)
  print(res.text, res.score, res.words.map{"\($0.word)@\($0.start)-\($0.end)"}, Date().timeIntervalSince(t1))
}
