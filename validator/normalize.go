package validator

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// problem is a diagnostic before it is attached to a file.
type problem struct {
	path    []string
	code    string
	message string
}

// normalize turns what the TOML decoder returns into the JSON-like values
// the schema validator accepts: arrays of tables become []any, dates and
// times become their RFC 3339 text, and every integer becomes int64. NaN
// and infinities have no JSON form and break numeric schema keywords, so
// they are reported instead.
func normalize(doc map[string]any) (map[string]any, []problem) {
	var problems []problem
	var walk func(v any, path []string) any
	walk = func(v any, path []string) any {
		switch v := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(v))
			for k, x := range v {
				out[k] = walk(x, append(path, k))
			}
			return out
		case []map[string]any:
			out := make([]any, len(v))
			for i, x := range v {
				out[i] = walk(x, append(path, strconv.Itoa(i)))
			}
			return out
		case []any:
			out := make([]any, len(v))
			for i, x := range v {
				out[i] = walk(x, append(path, strconv.Itoa(i)))
			}
			return out
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				problems = append(problems, problem{
					path:    append([]string{}, path...),
					code:    "toml-nonfinite",
					message: fmt.Sprintf("%v is not a number tilekit can use; write a finite number", v),
				})
				return nil
			}
			return v
		case time.Time:
			return formatTime(v)
		default:
			return v
		}
	}
	out := walk(doc, nil).(map[string]any)
	return out, problems
}

// formatTime writes a TOML date or time back as the text it was written as.
func formatTime(t time.Time) string {
	switch t.Location().String() {
	case "date-local":
		return t.Format("2006-01-02")
	case "time-local":
		return t.Format("15:04:05.999999999")
	case "datetime-local":
		return t.Format("2006-01-02T15:04:05.999999999")
	}
	return t.Format(time.RFC3339Nano)
}
