import ParloTesting

/// The sample's PDF, science/weather.pdf, as text: three pages of printed notes with a running
/// header, "Page N of 3" footers, a word hyphenated at a line end and a sentence that runs on
/// to the next page — what a reader must undo. `SamplePDFTests` checks the committed file is
/// exactly this (rebuild it with PARLO_WRITE_FIXTURES=1 swift test --filter SamplePDFTests).
enum SamplePDF {
    static let path = StudyFixtures.sample + "/science/weather.pdf"

    static let writer = PDFWriter.notes(header: "Science notes - Weather and climate", footer: "Page # of 3", pages: [
        [
            ["Weather and climate"],
            ["Weather is what the air is doing today: sun, wind, rain or snow.",
             "Climate is the weather a place has over many years."],
            ["Meteorologists measure temperature, pressure and humidity at thou-",
             "sands of stations, and satellites watch the clouds from above."],
        ],
        [
            ["Air pressure"],
            ["Warm air rises and leaves low pressure below it. Cool air sinks and",
             "makes high pressure, which usually brings clear skies."],
            ["Wind is air moving from high pressure towards low pressure, and the"],
        ],
        [
            ["bigger the difference, the stronger the wind."],
            ["Climate zones"],
            ["Near the equator it is hot all year. Near the poles it is cold all",
             "year. In between, in temperate zones like Italy, there are four seasons."],
        ],
    ])
}
