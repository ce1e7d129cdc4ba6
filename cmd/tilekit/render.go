package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/site"
)

func newRenderCmd() *cobra.Command {
	var (
		data     dataFlags
		rotation int
		output   string
		allDir   string
	)
	cmd := &cobra.Command{
		Use:   "render TILE | render --all DIR",
		Short: "Draw a tile as SVG from its features",
		Long: `render draws a tile as an SVG picture computed from its features alone:
fields, cities, roads, cloisters, pennants, the princess and the tile's
symbols. Provisional layouts are marked. With --all DIR it writes one file per
tile, DIR/<expansion>/<name>.svg (with -r<rotation> before .svg when turned):
all of them or, when any fails, none; other files in DIR are left alone.`,
		Example: `  tilekit render base/D > D.svg
  tilekit render princess-dragon/dragon-road-under-city --rotation 90 -o tunnel.svg
  tilekit render --all pictures
  tilekit render --all pictures --data ./my-expansion`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if rotation%90 != 0 || rotation < 0 || rotation >= 360 {
				return usagef("--rotation %d: want 0, 90, 180 or 270", rotation)
			}
			switch {
			case allDir != "" && (len(args) > 0 || output != ""):
				return usagef("--all writes every tile: give no TILE and no -o")
			case allDir == "" && len(args) != 1:
				return usagef("render takes one tile id, or --all DIR")
			}
			res, err := loadClean(cmd, &data)
			if err != nil {
				return err
			}
			if allDir != "" {
				if err := renderAll(res.Catalog.Tiles, rotation, allDir); err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: wrote %d pictures to %s\n", len(res.Catalog.Tiles), allDir)
				return nil
			}
			t := res.Catalog.Tile(args[0])
			if t == nil {
				return usagef("unknown tile %q (see tilekit tiles for the ids)", args[0])
			}
			svg, err := site.TileSVG(t, rotation)
			if err != nil {
				return err
			}
			if output == "" {
				_, err = cmd.OutOrStdout().Write(svg)
				return err
			}
			return writeFileAtomic(output, svg)
		},
	}
	data.register(cmd)
	cmd.Flags().IntVar(&rotation, "rotation", 0, "turn the tile clockwise by 0, 90, 180 or 270 degrees")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the SVG to this file instead of stdout")
	cmd.Flags().StringVar(&allDir, "all", "", "write every tile to this folder, one file per tile")
	return cmd
}

// renderAll writes every tile's picture below dir, named after its id: all
// of them or, on any failure, none.
func renderAll(tiles []tilekit.Tile, rotation int, dir string) error {
	files, err := intoFolder(dir)
	if err != nil {
		return err
	}
	defer files.discard()
	for i := range tiles {
		t := &tiles[i]
		name := t.ID
		if rotation != 0 {
			name += fmt.Sprintf("-r%d", rotation)
		}
		svg, err := site.TileSVG(t, rotation)
		if err != nil {
			return fmt.Errorf("tile %s: %w", t.ID, err)
		}
		if err := files.add(name+".svg", svg); err != nil {
			return fmt.Errorf("tile %s: %w", t.ID, err)
		}
	}
	return files.commit()
}
