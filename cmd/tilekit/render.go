package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/atomicfs"
	"github.com/tilekit/tilekit/site"
	"github.com/tilekit/tilekit/validator"
)

// renderOptions are what the render command is asked to do, from its flags
// and arguments.
type renderOptions struct {
	data dataFlags
	// selection chooses the expansions whose tiles --all draws.
	selection selectionFlags
	// rotation turns the tile clockwise, in degrees.
	rotation int
	// output is the file one picture is written to; empty means stdout.
	output string
	// allDir is the folder every picture is written to; empty means one tile.
	allDir string
	// tile is the id of the one tile to draw.
	tile string
}

func newRenderCmd() *cobra.Command {
	opts := &renderOptions{}
	cmd := &cobra.Command{
		Use:   "render TILE | render --all DIR [--expansions LIST]",
		Short: "Draw a tile as SVG from its features",
		Long: `render draws a tile as an SVG picture computed from its features alone:
fields, cities, roads, cloisters, pennants, the princess and the tile's
symbols. Provisional layouts are marked. With -o PATH it writes the picture to
PATH, in a folder that must exist. With --all DIR it writes one file per tile,
DIR/<expansion>/<name>.svg (with -r<rotation> before .svg when turned): all of
them or, when any fails, none; other files in DIR are left alone. With
--expansions it draws only the tiles of those expansions (the base game is
always in).`,
		Example: `  tilekit render base/D > D.svg
  tilekit render princess-dragon/dragon-road-under-city --rotation 90 -o tunnel.svg
  tilekit render --all pictures
  tilekit render --all pictures --expansions drawbridges
  tilekit render --all pictures --data ./my-expansion`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.tile = args[0]
			}
			switch {
			case opts.allDir != "" && (len(args) > 0 || opts.output != ""):
				return usagef("--all writes every tile: give no TILE and no -o")
			case opts.allDir == "" && len(args) != 1:
				return usagef("render takes one tile id, or --all DIR")
			case opts.allDir == "" && cmd.Flags().Changed("expansions"):
				return usagef("--expansions chooses the tiles of --all DIR; give it with --all")
			}
			return runRender(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.selection.register(cmd, false)
	cmd.Flags().IntVar(&opts.rotation, "rotation", 0, "turn the tile clockwise by 0, 90, 180 or 270 degrees")
	cmd.Flags().StringVarP(&opts.output, "output", "o", "", "write the SVG to this file instead of stdout; its folder must exist")
	cmd.Flags().StringVar(&opts.allDir, "all", "", "write every tile to this folder, one file per tile")
	return cmd
}

// runRender draws one tile to stdout or a file, or every selected tile into
// a folder.
func runRender(cmd *cobra.Command, opts *renderOptions) error {
	if _, err := tilekit.RotationQuarters(opts.rotation); err != nil {
		return usagef("--%v", err)
	}
	if opts.output != "" {
		if err := checkOutputFile(opts.output); err != nil {
			return err
		}
	}
	res, err := loadClean(cmd, &opts.data)
	if err != nil {
		return err
	}
	if opts.allDir != "" {
		sel, _, err := opts.selection.resolve(res.Catalog)
		if err != nil {
			return err
		}
		var tiles []*tilekit.Tile
		for i := range res.Catalog.Tiles {
			if t := &res.Catalog.Tiles[i]; sel.Has(t.Expansion()) {
				tiles = append(tiles, t)
			}
		}
		if err := renderAll(tiles, opts.rotation, opts.allDir); err != nil {
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: wrote %d pictures to %s\n", len(tiles), opts.allDir)
		return nil
	}
	t := res.Catalog.Tile(opts.tile)
	if t == nil {
		return usageError{unknownIDError{fmt.Errorf("unknown tile %q%s (tilekit list tiles lists the ids)", opts.tile, validator.Suggest(opts.tile, tileIDs(res.Catalog)))}}
	}
	svg, err := site.TileSVG(t, opts.rotation)
	if err != nil {
		return err
	}
	if opts.output == "" {
		_, err = cmd.OutOrStdout().Write(svg)
		return err
	}
	return atomicfs.WriteFile(opts.output, svg)
}

// checkOutputFile refuses, as a usage error, a path that names a folder or
// whose folder does not exist, so that -o never creates folders.
func checkOutputFile(path string) error {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return usagef("%s is a folder", path)
	}
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usagef("cannot write %s: folder %s does not exist", path, dir)
	case err != nil:
		return usagef("cannot write %s: %v", path, err)
	case !info.IsDir():
		return usagef("cannot write %s: %s is not a folder", path, dir)
	}
	return nil
}

// renderAll writes the tiles' pictures below dir, named after their ids:
// all of them or, on any failure, none.
func renderAll(tiles []*tilekit.Tile, rotation int, dir string) error {
	files, err := atomicfs.IntoFolder(dir)
	if err != nil {
		return writeError(err)
	}
	defer files.Discard()
	for _, t := range tiles {
		name := t.ID
		if rotation != 0 {
			name += fmt.Sprintf("-r%d", rotation)
		}
		svg, err := site.TileSVG(t, rotation)
		if err != nil {
			return fmt.Errorf("tile %s: %w", t.ID, err)
		}
		if err := files.Add(name+".svg", svg); err != nil {
			return writeError(fmt.Errorf("tile %s: %w", t.ID, err))
		}
	}
	return writeError(files.Commit())
}

// tileIDs lists the ids of the tiles of a catalog.
func tileIDs(cat *tilekit.Catalog) []string {
	ids := make([]string, len(cat.Tiles))
	for i, t := range cat.Tiles {
		ids[i] = t.ID
	}
	return ids
}
