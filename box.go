package tilekit

// Box is a boxed set as it was published: the base game together with
// several expansions in one box, such as a Big Box. What it holds is a
// fact of publishing, data like the expansions themselves, which the
// site offers as one choice of its selector.
type Box struct {
	// ID is the stable id, such as "big-box-6".
	ID string
	// Name is the name it was published under, such as "Big Box 6".
	Name string
	// Publisher is whose box it is; empty when the source does not say.
	Publisher Publisher
	// Published is when it was published, as YYYY-MM, or YYYY where only
	// the year is known; empty when unknown.
	Published string
	// Edition is the edition its tiles belong to.
	Edition Edition
	// Expansions lists the ids of the expansions and parts it holds, the
	// base game among them, as a selection names them.
	Expansions []string
	// Note says what the ids cannot: contents the data has no id for, and
	// what the source leaves uncertain; empty when there is nothing to say.
	Note string
	// Source says where the contents come from.
	Source Citation
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
	// Origin says where the box was defined.
	Origin Origin
}
