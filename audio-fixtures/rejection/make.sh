#!/bin/sh
# Regenerates the rejection evaluation set with eSpeak NG (deterministic file names).
# Out-of-grammar (OOG) speech in English and Italian must be rejected by a recogniser using
# ../basic/commands.gram; the in-grammar (IG) files here add other voices and rates to ../basic.
# Usage: sh make.sh   (needs espeak-ng and sox). Evaluate with:
#   parlo batch --jsgf audio-fixtures/basic/commands.gram --reject \
#     --expect audio-fixtures/rejection/manifest.jsonl audio-fixtures/basic audio-fixtures/rejection
set -eu
cd "$(dirname "$0")"
rm -f ./*.flac manifest.jsonl
n=0
PAD='0.15 0.15'
say() { # kind lang voice rate text
    kind=$1 lang=$2 voice=$3 rate=$4; shift 4
    text="$*"
    name=$(printf '%02d-%s-%s' "$n" "$kind" "$(echo "$text" | tr -cd 'a-zA-Z ' | tr ' ' '_' | cut -c1-32)")
    espeak-ng -v "$voice" -s "$rate" -w /tmp/parlo-reject.wav "$text"
    sox -q /tmp/parlo-reject.wav -r 16000 -c 1 -b 16 "$name.flac" pad $PAD
    if [ "$kind" = oog ]; then exp=true; t=""; else exp=false; t=$text; fi
    printf '{"audio":"%s.flac","text":"%s","language":"%s","voice":"%s","rate":%s,"rejected":%s}\n' \
        "$name" "$t" "$lang" "$voice" "$rate" "$exp" >> manifest.jsonl
    n=$((n + 1))
}
# English out-of-grammar: everyday speech, near-misses sharing words with commands, short words.
say oog en en-us 150 "I need to buy some milk and bread"
say oog en en-us+m1 165 "what time is it"
say oog en en-us+f2 140 "open the window please"
say oog en en-gb 160 "go to sleep now"
say oog en en-us+m3 150 "read me a bedtime story"
say oog en en-us 175 "the weather is nice today"
say oog en en-us+f3 150 "can you call my mother"
say oog en en-us+m1 130 "next week I have an exam"
say oog en en-gb+f2 150 "turn off the lights in the kitchen"
say oog en en-us 150 "hello"
say oog en en-us+m3 160 "thank you very much"
say oog en en-us+f2 170 "I don't like this song"
say oog en en-gb 140 "where did I put my keys"
say oog en en-us+m1 150 "play some music"
say oog en en-us 150 "yes"
say oog en en-us+f3 160 "the cat is sleeping on the sofa"
say oog en en-us+m3 145 "set an alarm for seven"
say oog en en-gb+f2 165 "how do you spell necessary"
say oog en en-us 150 "let me think about it"
say oog en en-us+m1 175 "my brother plays football on sunday"
# Italian out-of-grammar (the English grammar knows none of it), incl. the Italian commands.
say oog it it 150 "ho bisogno di comprare il latte"
say oog it it+m1 160 "che ore sono"
say oog it it+f2 140 "apri la finestra per favore"
say oog it it+m3 150 "oggi fa molto caldo"
say oog it it 170 "dove sono le mie chiavi"
say oog it it+f3 150 "grazie mille"
say oog it it+m1 140 "domani vado al mare con gli amici"
say oog it it 150 "ciao"
say oog it it+f2 165 "mi piace la pizza margherita"
say oog it it+m3 150 "il gatto dorme sul divano"
say oog it it 150 "apri matematica"
say oog it it+f3 160 "leggi questa pagina"
say oog it it+m1 150 "inizia a studiare"
say oog it it 140 "cosa posso dire"
say oog it it+f2 150 "prossimo"
say oog it it+m3 170 "usa la voce di eva"
say oog it it 150 "non ho capito la domanda"
say oog it it+f3 145 "mia sorella studia medicina a bologna"
say oog it it+m1 160 "accendi la luce"
say oog it it 150 "va bene"
# In-grammar with other voices and rates than ../basic.
say ig en en-us+m1 160 "open history"
say ig en en-gb 150 "go to mathematics"
say ig en en-us+f2 185 "read this page"
say ig en en-us+m3 120 "next"
say ig en en-gb+f2 150 "stop"
say ig en en-us 200 "show mind map"
say ig en en-us+f3 140 "start a fifteen minute timer"
say ig en en-us+m1 170 "use the voice of adam"
say ig en en-gb 165 "what can i say"
say ig en en-us+m3 150 "repeat"
say ig en en-us+f2 130 "pause"
say ig en en-us 165 "go to geography"
# A second batch in other voices/rates with 0.2 s / 0.3 s of padding (first tuned on as a
# held-out set; odd-numbered ones stayed out to keep this folder small).
PAD='0.2 0.3'
say ig en en-gb-x-rp 140 "open math"
say ig en en-us+m2 185 "go to science"
say ig en en-us 185 "go to english"
say ig en en-us+m2 170 "go to history"
say ig en en-gb+m3 125 "read faster"
say ig en en-us+m2 140 "start a five minute timer"
say ig en en-us+f1 125 "start a sixty minute timer"
say ig en en-us+f4 155 "start a forty five minute timer"
say ig en en-us+m2 185 "use the voice of eva"
say ig en en-us+f4 125 "use the voice of mia"
say ig en en-us+m2 185 "start studying"
say ig en en-us 185 "previous"
say ig en en-us+f1 155 "pause"
say ig en en-029 155 "stop"
say ig en en-us+f4 140 "what can i say"
say ig en en-us+m7 185 "open science"
say ig en en-029 155 "open math"
say ig en en-us+f1 140 "go to science"
say ig en en-029 170 "go to english"
say ig en en-gb-x-rp 155 "go to history"
say ig en en-029 185 "read faster"
say ig en en-us+m2 155 "start a five minute timer"
say ig en en-us 155 "start a sixty minute timer"
say ig en en-us+f1 155 "start a forty five minute timer"
say oog en en-gb-x-rp 130 "could you help me with my homework"
say oog en en-us 130 "this book is really interesting"
say oog en en-gb+m3 150 "what is the capital of france"
say oog en en-us+m2 130 "turn up the volume"
say oog en en-us+m7 130 "show me the pictures"
say oog en en-us+m7 170 "read the instructions carefully"
say oog en en-us+f1 130 "stop talking"
say oog en en-us+f4 130 "the meeting starts at ten"
say oog en en-gb+m3 130 "i would like a cup of tea"
say oog en en-us+f4 150 "the train is late again"
say oog it it+m2 150 "vorrei un caffe per favore"
say oog it it+f4 130 "quanto costa questo"
say oog it it+m7 150 "dove si trova la stazione"
say oog it it 150 "ho fame"
say oog it it+m2 130 "fermati"
say oog it it+m2 130 "leggi piu veloce"
say oog it it 130 "ripeti"
say oog it it+m2 170 "vai a storia"
say oog it it 130 "il treno e in ritardo"
say oog it it+m7 130 "studiamo insieme"
rm -f /tmp/parlo-reject.wav
# The 22 commands of ../basic are in-grammar cases too: one manifest scores both folders.
sed 's|"audio":"|"audio":"../basic/|; s|}$|,"rejected":false}|' ../basic/manifest.jsonl >> manifest.jsonl
