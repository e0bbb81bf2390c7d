import { describe, expect, it } from "vitest";
import { scriptOf, scriptRuns } from "../../sandbox/pdf-fonts";

describe("the font for a name's letters", () => {
  it("follows the Unicode block of each script, and leaves Latin to Helvetica", () => {
    expect(["अ", "অ", "ਅ", "અ", "ଅ", "அ", "అ", "ಅ", "അ", "A", "é", "1"].map(scriptOf)).toEqual([
      "devanagari",
      "bengali",
      "gurmukhi",
      "gujarati",
      "oriya",
      "tamil",
      "telugu",
      "kannada",
      "malayalam",
      null,
      null,
      null,
    ]);
  });

  it("keeps a name in one script as one run, spaces included, and splits mixed text at the script", () => {
    expect(scriptRuns("अनन्या शर्मा")).toEqual([{ text: "अनन्या शर्मा", script: "devanagari" }]);
    expect(scriptRuns("கார்த்திக் ராஜா")).toEqual([{ text: "கார்த்திக் ராஜா", script: "tamil" }]);
    expect(scriptRuns("Rahul (राहुल) D'Souza")).toEqual([
      { text: "Rahul (", script: null },
      { text: "राहुल", script: "devanagari" },
      { text: ") D'Souza", script: null },
    ]);
    expect(scriptRuns("Esha Nair")).toEqual([{ text: "Esha Nair", script: null }]);
  });
});
