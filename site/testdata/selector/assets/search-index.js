// The search index of the selector fixture: 24 entries that mention the
// fairy (23 titled "Fairy NN", one of them about the Black Dragon) and one
// that does not.
window.tilekitSearch = [
{
"title": "Fairy 01",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 02",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 03",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "The Black Dragon eats the fairy",
"url": "tables/dragon-diet.html#answer-black-dragon",
"kind": "answer",
"text": "Black dragon and FAIRY"
},
{
"title": "Fairy 04",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 05",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 06",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 07",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 08",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 09",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 10",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 11",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 12",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 13",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 14",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 15",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 16",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 17",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 18",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 19",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 20",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 21",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 22",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Fairy 23",
"url": "tables/dragon-diet.html#answer-fairy",
"kind": "answer",
"text": "the fairy protects a follower"
},
{
"title": "Drawbridge",
"url": "expansions/drawbridges.html",
"kind": "rules",
"text": "a road crosses a city"
}
];
