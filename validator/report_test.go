package validator

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var sample = Diagnostics{
	{Code: "edge-overlap", Severity: Error, File: "my exp/tiles/a,b.toml", Line: 3, Column: 7, Path: "tile[0].feature[1].sides", Message: "half NL: 100% taken\nby two"},
	{Code: "city-not-listed", Severity: Warning, File: "tiles/x.toml", Line: 9, Column: 1, Message: "a field"},
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, "text", sample))
	assert.Equal(t, "my exp/tiles/a,b.toml:3:7: error: tile[0].feature[1].sides: half NL: 100% taken\nby two [edge-overlap]\n"+
		"tiles/x.toml:9:1: warning: a field [city-not-listed]\n", b.String())
}

func TestWriteGitHubEscapes(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, "github", sample))
	assert.Equal(t, "::error file=my exp/tiles/a%2Cb.toml,line=3,col=7,title=edge-overlap::tile[0].feature[1].sides: half NL: 100%25 taken%0Aby two [edge-overlap]\n"+
		"::warning file=tiles/x.toml,line=9,col=1,title=city-not-listed::a field [city-not-listed]\n", b.String())
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, "json", nil))
	assert.Equal(t, "[]\n", b.String(), "no problems is an empty array, not null")
	b.Reset()
	require.NoError(t, Write(&b, "json", sample))
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	require.Len(t, got, 2)
	assert.Equal(t, map[string]any{"code": "edge-overlap", "severity": "error", "file": "my exp/tiles/a,b.toml",
		"line": 3.0, "column": 7.0, "path": "tile[0].feature[1].sides", "message": "half NL: 100% taken\nby two"}, got[0])
}

func TestWriteSARIF(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, "sarif", sample))
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct{ Text string }
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &log))
	assert.Equal(t, "2.1.0", log.Version)
	require.Len(t, log.Runs, 1)
	run := log.Runs[0]
	assert.Equal(t, "tilekit", run.Tool.Driver.Name)
	require.Len(t, run.Results, 2)
	for _, r := range run.Results {
		rule := run.Tool.Driver.Rules[r.RuleIndex]
		assert.Equal(t, r.RuleID, rule.ID, "ruleIndex points at the result's rule")
		assert.NotEmpty(t, rule.ShortDescription.Text)
	}
	assert.Equal(t, "warning", run.Results[1].Level)
	assert.Equal(t, 3, run.Results[0].Locations[0].PhysicalLocation.Region.StartLine)
	assert.Equal(t, "my%20exp/tiles/a,b.toml", run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI, "a URI reference, escaped")
}

func TestWriteUnknownFormat(t *testing.T) {
	assert.Error(t, Write(&bytes.Buffer{}, "xml", sample))
}
