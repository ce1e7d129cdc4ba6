package tilekit

import (
	"slices"
	"strings"
)

// This file holds the domain types of the rules data beside the tiles: the
// figures, places and actions rules talk about, the interaction tables that
// answer one question for each of them, the notes on timing and side
// effects, and the steps each expansion adds to a turn.

// Part is a part of an expansion that can be chosen on its own, such as the
// fairy of The Princess & the Dragon. Its id is "<expansion>/<part>".
type Part struct {
	ID   string
	Name string
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
}

// FigureCategory classifies figures, tokens and pieces.
type FigureCategory string

// The figure categories.
const (
	Follower FigureCategory = "follower"
	Special  FigureCategory = "special"
	Neutral  FigureCategory = "neutral"
	Token    FigureCategory = "token"
	Piece    FigureCategory = "piece"
)

// Footprint says where a figure or a place stands.
type Footprint string

// The footprints.
const (
	// OnTile is on one land tile.
	OnTile Footprint = "tile"
	// AcrossTiles spans several tiles or stands where they meet.
	AcrossTiles Footprint = "tiles"
	// OffTiles is off the land tiles: on a board or a separate area.
	OffTiles Footprint = "off-tiles"
)

// Figure is a figure, token or piece.
type Figure struct {
	ID          string
	Name        string
	Expansion   string // an expansion or part id
	Category    FigureCategory
	Owner       string // player or neutral
	Living      bool
	Footprint   Footprint
	Description string
	// Play is, for a follower a player owns, how it is played: how many
	// each player has, its weight in a majority and where it may stand;
	// nil for every other figure.
	Play *FollowerPlay
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
	Origin       Origin
}

// PlayerFollower reports whether the figure is a follower that a player
// owns, which says how it is played (Figure.Play).
func (f *Figure) PlayerFollower() bool { return f.Category == Follower && f.Owner == "player" }

// Played reports whether the game engine plays the figure as a kind of a
// player's figures: a follower a player owns, a player's figure that
// joins their followers (FollowerPlay.Joins), such as the builder, or one
// that stands at a corner (FollowerPlay.StandsAt), such as the barn.
func (f *Figure) Played() bool {
	return f.Owner == "player" && f.Play != nil && (f.Category == Follower || f.Play.Joins != "" || f.Play.StandsAt != "")
}

// FollowerPlay is how a kind of follower is played: the game engine plays
// every kind of the selection by it. What a kind does beyond standing
// and weighing is a step's mechanic (the phantom's second deployment,
// SecondDeployment), or one the engine does not play yet (the abbot's
// early return, the wagon's move).
type FollowerPlay struct {
	// PerPlayer is how many each player has in their supply at the start.
	PerPlayer int
	// Weight is how much one counts when a majority is decided, unless
	// Strength names a rule instead.
	Weight int
	// Strength names the rule of a weight that depends on the feature;
	// empty for the fixed Weight.
	Strength Strength
	// StandsOn lists the kinds of feature it may be deployed on.
	StandsOn []FeatureKind
	// Joins, when set, says that the figure is no follower of its own but
	// joins its owner's followers (one of Joinings): it weighs nothing.
	Joins Joining
	// StandsAt, when set, says where on the board the figure stands
	// other than on a feature of a tile (one of StandsAtPlaces): at a
	// corner where four tiles meet, in the feature of the four quarters
	// there (CornerFigure).
	StandsAt StandsAt
	// Source is where the count, the weight and the places are written.
	Source Citation
}

// StandsAt says where a player's figure stands other than on a feature of
// one tile.
type StandsAt string

// StandsAtCorner: the figure stands at a corner where four tiles meet
// (the barn of Abbey & Mayor).
const StandsAtCorner StandsAt = "corner"

// StandsAtPlaces lists the places a figure may stand at, in the schema's
// order.
var StandsAtPlaces = []StandsAt{StandsAtCorner}

// Joining says whom a player's figure joins on a feature.
type Joining string

// JoinsOwnFollower: the figure is deployed only onto a feature where its
// owner already has a follower (one that does not join), and goes back
// with the last of them that leaves the feature, to where it goes (the
// builder and the pig of Traders & Builders).
const JoinsOwnFollower Joining = "own-follower"

// Joinings lists the joining rules in the schema's order.
var Joinings = []Joining{JoinsOwnFollower}

// Strength is a rule that gives a follower's weight in a majority from
// the feature it stands on.
type Strength string

// The strengths.
const (
	// StrengthPennants weighs as many as the pennants (coats of arms) of
	// the city the follower stands in: none, nothing.
	StrengthPennants Strength = "pennants"
)

// Strengths lists the strength rules.
var Strengths = []Strength{StrengthPennants}

// Features returns the kinds of feature a strength rule can weigh on.
func (s Strength) Features() []FeatureKind {
	if s == StrengthPennants {
		return []FeatureKind{City}
	}
	return nil
}

// Location is a place where a figure can stand.
type Location struct {
	ID          string
	Name        string
	Expansion   string
	Footprint   Footprint
	Description string
	// DeployedBy, when set, is the id of the step whose deployment brings
	// a follower to the location (a follower that came by it), and TileOf
	// the id of the neutral figure on whose tile the location lies: what
	// the location means to the game engine.
	DeployedBy, TileOf string
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
	Origin       Origin
}

// Action is something a player does on a turn that a rule restricts.
type Action struct {
	ID          string
	Name        string
	Expansion   string
	Description string
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
	Origin       Origin
}

// SubjectKind is what kind of thing a table row is about: a figure category,
// a location or an action.
type SubjectKind string

// The subject kinds beside the figure categories.
const (
	LocationSubject SubjectKind = "location"
	ActionSubject   SubjectKind = "action"
)

// SubjectKinds lists every subject kind in the order answers list them.
var SubjectKinds = []SubjectKind{"follower", "special", "neutral", "token", "piece", LocationSubject, ActionSubject}

// EntryKind is the kind of data entry a subject is written as: a
// [[figure]], a [[location]] or an [[action]]. Ids are unique within each,
// so an id with its entry kind names one subject.
type EntryKind string

// The entry kinds.
const (
	FigureEntry   EntryKind = "figure"
	LocationEntry EntryKind = "location"
	ActionEntry   EntryKind = "action"
)

// Entry returns the kind of entry a subject of this kind is written as.
func (k SubjectKind) Entry() EntryKind {
	switch k {
	case LocationSubject:
		return LocationEntry
	case ActionSubject:
		return ActionEntry
	}
	return FigureEntry
}

// Subject is the common view of a figure, location or action as the
// subject of a table row.
type Subject struct {
	Kind      SubjectKind
	ID        string
	Name      string
	Expansion string
	// Living, Footprint and Owner are the attributes rules of thumb match;
	// zero for kinds that do not have them.
	Living    bool
	Footprint Footprint
	Owner     string
}

// Verdict is an answer to a table's question.
type Verdict string

// The verdicts.
const (
	Yes         Verdict = "yes"
	No          Verdict = "no"
	Conditional Verdict = "conditional"
	Open        Verdict = "open"
)

// CitationKind says what kind of statement a source is.
type CitationKind string

// The kinds of source, from the most to the least authoritative.
const (
	// Rulebook is a publisher's rules text.
	Rulebook CitationKind = "rulebook"
	// FAQ is an official FAQ or clarification; it is dated, or marked
	// undated where the page that reports it gives no date.
	FAQ CitationKind = "faq"
	// PublisherDifference is a difference between printings or publishers.
	PublisherDifference CitationKind = "publisher-difference"
	// Community is an interpretation from the community.
	Community CitationKind = "community"
	// HouseRule is a rule some players agree on.
	HouseRule CitationKind = "house-rule"
	// OpenQuestion was asked and never officially answered.
	OpenQuestion CitationKind = "open-question"
	// FanRules are the rules of a fan expansion.
	FanRules CitationKind = "fan-rules"
)

// Publisher names a publisher whose rules text differs from the others'.
type Publisher string

// The publishers.
const (
	HansImGlueck Publisher = "hig"
	RioGrande    Publisher = "rgg"
	ZMan         Publisher = "zmg"
)

// Publishers lists the publishers.
var Publishers = []Publisher{HansImGlueck, RioGrande, ZMan}

var publisherNames = map[Publisher]string{HansImGlueck: "Hans im Glück", RioGrande: "Rio Grande Games", ZMan: "Z-Man Games"}

// Name returns the publisher's name.
func (p Publisher) Name() string { return publisherNames[p] }

// Possessive returns the publisher's name as an owner, such as "Hans im
// Glück's" or "Rio Grande Games'".
func (p Publisher) Possessive() string {
	n := p.Name()
	if strings.HasSuffix(n, "s") {
		return n + "'"
	}
	return n + "'s"
}

var citationKindNames = map[CitationKind]string{
	Rulebook: "rulebook", FAQ: "official FAQ", PublisherDifference: "publisher difference",
	Community: "community interpretation", HouseRule: "house rule", OpenQuestion: "open question",
	FanRules: "fan expansion rules",
}

// Known reports whether the kind is one of the kinds of source.
func (k CitationKind) Known() bool { _, ok := citationKindNames[k]; return ok }

// Name describes the kind for a reader, such as "official FAQ".
func (k CitationKind) Name() string {
	if n, ok := citationKindNames[k]; ok {
		return n
	}
	return string(k)
}

// Citation says where a statement comes from, as a reader can find it.
type Citation struct {
	Kind CitationKind
	// Title names the document: a page with its site, an FAQ by its
	// publisher, a fan expansion's rules, a group's house rules.
	Title string
	// Section says where in the document: a section, footnote or heading;
	// empty for the whole document.
	Section string
	// URL is where the document is published; empty when unknown.
	URL string
	// Date is when the statement was made, as YYYY-MM, or YYYY where the
	// source gives only the year; empty when unknown. It is never the month
	// a wiki footnote was last updated: a rule first seen in a publication
	// holds from that publication.
	Date string
	// Undated says that the source has no known date: the page that
	// reports an FAQ gives none, or a rule holds from a publication the
	// page names without its date (the section names it). An undated
	// source is in force at any as-of month.
	Undated bool
	// Publisher is whose text it is; empty when it is nobody's in
	// particular.
	Publisher Publisher
}

// String describes the source for a reader, such as "Wikicarpedia: Black
// Dragon (Fan Expansion), section Step 1 (fan expansion rules)" or "Hans im
// Glück FAQ (official FAQ, Hans im Glück, 2015-03)"; an undated FAQ says
// "undated" in place of the date. The URL is left out.
func (s Citation) String() string {
	out := s.Title
	if s.Section != "" {
		out += ", section " + s.Section
	}
	about := []string{s.Kind.Name()}
	if s.Publisher != "" {
		about = append(about, s.Publisher.Name())
	}
	if s.Date != "" {
		about = append(about, s.Date)
	} else if s.Undated {
		about = append(about, "undated")
	}
	return strings.TrimSpace(out + " (" + strings.Join(about, ", ") + ")")
}

// Ruling names the ruling a citation records in a few words, such as "the
// 2015-03 FAQ ruling" or "the rulebook ruling".
func (s Citation) Ruling() string {
	short := map[CitationKind]string{FAQ: "FAQ", PublisherDifference: "publisher's", Community: "community's", HouseRule: "house"}[s.Kind]
	if short == "" {
		short = s.Kind.Name()
	}
	if s.Date != "" {
		return "the " + s.Date + " " + short + " ruling"
	}
	if s.Undated {
		return "the undated " + short + " ruling"
	}
	return "the " + short + " ruling"
}

// Match is a set of attributes a rule of thumb looks at; the zero value of
// each field matches anything.
type Match struct {
	Living    *bool
	Footprint Footprint
	Category  FigureCategory
	Owner     string
}

// Matches reports whether a subject has every attribute given.
func (m Match) Matches(s Subject) bool {
	return (m.Living == nil || *m.Living == s.Living) &&
		(m.Footprint == "" || m.Footprint == s.Footprint) &&
		(m.Category == "" || SubjectKind(m.Category) == s.Kind) &&
		(m.Owner == "" || m.Owner == s.Owner)
}

// String describes the attributes, such as "living, stands on one tile".
func (m Match) String() string {
	var parts []string
	if m.Living != nil {
		parts = append(parts, map[bool]string{true: "living", false: "not living"}[*m.Living])
	}
	if m.Footprint != "" {
		parts = append(parts, map[Footprint]string{OnTile: "stands on one tile", AcrossTiles: "spans several tiles", OffTiles: "stands off the tiles"}[m.Footprint])
	}
	if m.Category != "" {
		parts = append(parts, "a "+string(m.Category))
	}
	if m.Owner != "" {
		parts = append(parts, "owned by "+map[string]string{"player": "a player", "neutral": "no player"}[m.Owner])
	}
	return strings.Join(parts, ", ")
}

// Rule is a table's rule of thumb: a default verdict computed from the
// subject's attributes. Explicit rows that answer otherwise are exceptions.
type Rule struct {
	Text      string
	When      Match
	Verdict   Verdict // when the subject matches
	Otherwise Verdict // when it does not
	AppliesTo []SubjectKind
	Source    Citation
	// Variants are publishers' wordings of the rule: for a subject that
	// matches, they answer in place of the rule's own verdict.
	Variants []RuleVariant
	// Translations holds the rule's text in other languages.
	Translations Translations
}

// RuleVariant is a publisher's version of a rule of thumb: under those
// publishers' rules a subject that matches When gets its verdict.
type RuleVariant struct {
	Publishers []Publisher
	Text       string
	Verdict    Verdict
	Condition  string // of a conditional Verdict
	Source     Citation
	Origin     Origin
	// Translations holds the wording's text and condition in other
	// languages.
	Translations Translations
}

// Variant returns the rule's variant for a publisher, or nil for the
// rule's own wording (and for the empty publisher).
func (r *Rule) Variant(p Publisher) *RuleVariant {
	if r == nil || p == "" {
		return nil
	}
	for i := range r.Variants {
		if slices.Contains(r.Variants[i].Publishers, p) {
			return &r.Variants[i]
		}
	}
	return nil
}

// OwnPublishers returns the publishers the rule's own wording holds for:
// every publisher no variant names, or nil (all) when it has no variants.
func (r *Rule) OwnPublishers() []Publisher {
	if r == nil || len(r.Variants) == 0 {
		return nil
	}
	var out []Publisher
	for _, p := range Publishers {
		if r.Variant(p) == nil {
			out = append(out, p)
		}
	}
	return out
}

// AnswerFor returns the verdict and condition of the rule for a subject
// under a publisher's rules (the rule's own for the empty publisher); ok
// is false when the rule does not speak for subjects of that kind.
func (r *Rule) AnswerFor(s Subject, p Publisher) (v Verdict, condition string, ok bool) {
	v, ok = r.Answer(s)
	if !ok || !r.When.Matches(s) {
		return v, "", ok
	}
	if vr := r.Variant(p); vr != nil {
		return vr.Verdict, vr.Condition, true
	}
	return v, "", true
}

// Answer returns the rule's verdict for a subject; ok is false when the rule
// does not speak for subjects of that kind.
func (r *Rule) Answer(s Subject) (v Verdict, ok bool) {
	if r == nil || !slices.Contains(r.AppliesTo, s.Kind) {
		return "", false
	}
	if r.When.Matches(s) {
		return r.Verdict, true
	}
	return r.Otherwise, true
}

// Table is an interaction table: one question answered for every subject
// of the kinds it lists.
type Table struct {
	ID          string
	Name        string
	Question    string
	Expansion   string
	Subjects    []SubjectKind
	Rule        *Rule
	Description string
	// Supersedes is, on a table of a later data folder, the id of the table
	// of an earlier one it replaces, which is its own id: what it gives (a
	// house rule of thumb, say) replaces that table's, it keeps the rest,
	// and the catalog holds it in that table's place.
	Supersedes string
	// Replaces is, in the catalog, the table a superseding table replaced,
	// as it stood; nil for a table that replaced none.
	Replaces *Table
	// Folder is the index of the data folder the table was loaded from, in
	// loading order: 0 for the first (the built-in data).
	Folder int
	// Translations are its name, question and description in other languages (see
	// Translations.Text).
	Translations Translations
	Origin       Origin
}

// AsOfFolder returns the table as the data folders up to folder f made it:
// the table it replaced, if it came from a later folder.
func (t *Table) AsOfFolder(f int) *Table {
	for t.Folder > f && t.Replaces != nil {
		t = t.Replaces
	}
	return t
}

// Covers reports whether the table answers for subjects of a kind.
func (t *Table) Covers(k SubjectKind) bool { return slices.Contains(t.Subjects, k) }

// Row is one answer: a verdict for one subject of one table.
type Row struct {
	Table   string
	Subject string
	// Kind says which entry the subject is, for an id that names both a
	// figure and a location (or an action) of the table; empty otherwise.
	Kind EntryKind
	// ID names the row within its table; it defaults to the subject.
	ID          string
	Verdict     Verdict
	Condition   string
	Source      Citation
	Editions    []Edition
	Publishers  []Publisher
	Explanation string
	// SupersededBy is the id of the row that overturned this one.
	SupersededBy string
	// Supersedes is the id of a row of the table, in the built-in data or
	// an earlier data folder, that this row overturns, such as a group's
	// house rule for a built-in row (see LinkRows).
	Supersedes string
	// Folder is the index of the data folder the row was loaded from, in
	// loading order: 0 for the first (the built-in data).
	Folder int
	// Exception is true when the verdict differs from the table's rule of
	// thumb on purpose.
	Exception bool
	Notes     []string
	// Translations are its explanation and condition in other languages
	// (see Translations.Text).
	Translations Translations
	Origin       Origin
}

// About reports whether the row answers for a subject: the subject's id,
// and its entry kind when the row gives one.
func (r *Row) About(s Subject) bool {
	return r.Subject == s.ID && (r.Kind == "" || r.Kind == s.Kind.Entry())
}

// HoldsFor reports whether the row's scope includes a publisher; an empty
// publisher matches every row.
func (r *Row) HoldsFor(p Publisher) bool {
	return p == "" || len(r.Publishers) == 0 || slices.Contains(r.Publishers, p)
}

// HoldsForEdition reports whether the row's scope includes an edition; an
// empty edition matches every row.
func (r *Row) HoldsForEdition(e Edition) bool {
	return e == "" || len(r.Editions) == 0 || slices.Contains(r.Editions, e)
}

// Overlaps reports whether two rows' scopes (editions and publishers) share
// a case.
func (r *Row) Overlaps(o *Row) bool {
	return overlap(r.Editions, o.Editions) && overlap(r.Publishers, o.Publishers)
}

func overlap[T comparable](a, b []T) bool {
	return len(a) == 0 || len(b) == 0 || slices.ContainsFunc(a, func(x T) bool { return slices.Contains(b, x) })
}

// Scope describes the row's editions and publishers, or "" for all.
func (r *Row) Scope() string { return describeScope(r.Editions, r.Publishers) }

// describeScope names editions and publishers, such as "C2, C3" or "Rio
// Grande Games, Z-Man Games"; "" for none.
func describeScope(editions []Edition, publishers []Publisher) string {
	var parts []string
	for _, e := range editions {
		parts = append(parts, string(e))
	}
	for _, p := range publishers {
		parts = append(parts, p.Name())
	}
	return strings.Join(parts, ", ")
}

// Reading is one way to read an open rule.
type Reading struct {
	ID   string
	Text string
	// Translations are its text in other languages (see
	// Translations.Text).
	Translations Translations
}

// Note is a statement about timing or side effects between expansions,
// linked to the tables, subjects and steps it affects.
type Note struct {
	ID         string
	Title      string
	Text       string
	Source     Citation
	Expansions []string // all must be selected for the note to apply
	Tables     []string
	Subjects   []string
	Steps      []string
	Open       bool
	Readings   []Reading
	// Translations are its title and text in other languages (see
	// Translations.Text).
	Translations Translations
	Origin       Origin
}

// Step is a step of a turn that an expansion adds, with ordering
// constraints.
type Step struct {
	ID          string
	Name        string
	Expansion   string
	Phase       int
	After       []string
	Before      []string
	Source      Citation
	Explanation string
	Notes       []string
	// Mechanics are the step's engine data: its trigger, movement, choice
	// and removals, each optional.
	Mechanics Mechanics
	Variants  []StepVariant
	// Supersedes is, on a step of a later data folder, the id of the step
	// of an earlier one it replaces, which is its own id: the parts it
	// gives replace that step's, it keeps the rest, and the catalog holds
	// it in that step's place. Phase is PhaseNotGiven when it gives none.
	Supersedes string
	// Replaces is, in the catalog, the step a superseding step replaced,
	// as it stood; nil for a step that replaced none.
	Replaces *Step
	// Folder is the index of the data folder the step was loaded from, in
	// loading order: 0 for the first (the built-in data).
	Folder int
	// Translations are its name and explanation in other languages (see
	// Translations.Text).
	Translations Translations
	Origin       Origin
}

// StepVariant is a publisher's or an edition's rules for a step: its After
// and Before replace the step's own (a variant written without either keeps
// the step's place and only says how the step differs).
type StepVariant struct {
	// Publishers and Editions say whose rules these are: a variant applies
	// when each list it gives names the publisher, or the edition, asked
	// for. At least one is given.
	Publishers []Publisher
	Editions   []Edition
	// With lists expansions or parts that must all be selected for the
	// variant to apply, such as the Black Dragon for an order that changes
	// when both dragons are in play.
	With   []string
	After  []string
	Before []string
	// Choice, when given, replaces the step's choice under these rules,
	// such as the princess's "must" of Rio Grande and Z-Man.
	Choice      *Choice
	Source      Citation
	Explanation string
	// Translations are its explanation in other languages (see
	// Translations.Text).
	Translations Translations
	Origin       Origin
}

// AppliesTo reports whether the variant holds for a publisher and an
// edition: each of its lists of publishers and editions that is given names
// the one asked for. It does not look at With: see AppliesWith.
func (v *StepVariant) AppliesTo(p Publisher, e Edition) bool {
	if len(v.Publishers) == 0 && len(v.Editions) == 0 && len(v.With) == 0 {
		return false
	}
	return (len(v.Publishers) == 0 || slices.Contains(v.Publishers, p)) &&
		(len(v.Editions) == 0 || slices.Contains(v.Editions, e))
}

// AppliesWith reports whether the variant holds for a publisher, an edition
// and a selection, told by has: AppliesTo, and every expansion or part of
// With is selected.
func (v *StepVariant) AppliesWith(p Publisher, e Edition, has func(id string) bool) bool {
	if !v.AppliesTo(p, e) {
		return false
	}
	for _, id := range v.With {
		if !has(id) {
			return false
		}
	}
	return true
}

// Scope describes the variant's publishers, editions and selection, such as
// "C2, C3", "Rio Grande Games, Z-Man Games" or "Rio Grande Games, with
// black-dragon".
func (v *StepVariant) Scope() string {
	scope := describeScope(v.Editions, v.Publishers)
	if len(v.With) > 0 {
		if scope != "" {
			scope += ", "
		}
		scope += "with " + strings.Join(v.With, " and ")
	}
	return scope
}

// BaseGame is the expansion id of the base game, which every selection
// includes; AllExpansions is the selection id that stands for every
// expansion.
const (
	BaseGame      = "base"
	AllExpansions = "all"
)

// ParentExpansion returns the expansion id of an expansion or part id.
func ParentExpansion(id string) string {
	exp, _, _ := strings.Cut(id, "/")
	return exp
}
