/// The files of `fixtures/`, compiled in by the `EmbedFixtures` build plugin.
///
/// Each file becomes one string constant named after it: `categories.json`
/// is `Fixtures.categoriesJSON`; the embedded city's database,
/// `helsinki.sqlite`, is `Fixtures.helsinkiSQLite`, in base64.
package enum Fixtures {}
