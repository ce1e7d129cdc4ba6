package tilekit

// Translations holds an entry's reader-facing text in other languages than
// English: by language code ("de"), then by the field's name in the data
// ("name", "question", "description", "explanation", "condition", "title",
// "text"), the text. The English text stays in the entry's own fields; a
// language or a field without a translation is shown in English.
type Translations map[string]map[string]string

// Text returns the text of a field in a language: its translation when the
// entry has one, else the English text given. English, and a language the
// entry has no translation into, give the English.
func (t Translations) Text(lang, field, english string) string {
	if s := t[lang][field]; s != "" {
		return s
	}
	return english
}

// Has reports whether the field has a translation into the language.
func (t Translations) Has(lang, field string) bool { return t[lang][field] != "" }
