/// The files of `fixtures/`, compiled in by the `EmbedFixtures` build plugin.
///
/// Each file becomes one string constant named after it: `helsinki.tsv` is
/// `Fixtures.helsinkiTSV`, `categories.json` is `Fixtures.categoriesJSON`.
package enum Fixtures {}
