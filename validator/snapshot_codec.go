package validator

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
)

// The snapshot is written in a compact binary form that follows the Go
// types of the values it holds, so that decoding it is a single pass with
// no names to match (JSON of the built-in data took longer to decode than
// the rest of a run). Each value is written by its kind:
//
//   - a string as its length (uvarint) and its bytes, a bool as one byte,
//     a signed integer as a varint, an unsigned one as a uvarint, a float
//     as the uvarint of its IEEE 754 bits;
//   - a pointer as 0 when nil, else 1 and the value it points to;
//   - a slice or a map as 0 when nil, else its length plus one and its
//     elements (a map's pairs sorted by the encoding of their keys, so that
//     the output is deterministic); an array as its elements;
//   - a struct as each of its fields in order.
//
// Decoding gives a value equal to the encoded one under reflect.DeepEqual.
// The form does not describe itself, so the snapshot records the layout of
// the types it was written from (typeLayout) and is used only while the
// types are still the same.

// errSnapshotShort is returned for a snapshot that ends inside a value.
var errSnapshotShort = errors.New("snapshot: unexpected end of data")

// encodeValue appends the encoding of v to buf.
func encodeValue(buf []byte, v reflect.Value) ([]byte, error) {
	switch v.Kind() {
	case reflect.String:
		buf = binary.AppendUvarint(buf, uint64(v.Len()))
		return append(buf, v.String()...), nil
	case reflect.Bool:
		if v.Bool() {
			return append(buf, 1), nil
		}
		return append(buf, 0), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return binary.AppendVarint(buf, v.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return binary.AppendUvarint(buf, v.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return binary.AppendUvarint(buf, math.Float64bits(v.Float())), nil
	case reflect.Pointer:
		if v.IsNil() {
			return append(buf, 0), nil
		}
		return encodeValue(append(buf, 1), v.Elem())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice {
			if v.IsNil() {
				return append(buf, 0), nil
			}
			buf = binary.AppendUvarint(buf, uint64(v.Len())+1)
		}
		var err error
		for i := 0; i < v.Len() && err == nil; i++ {
			buf, err = encodeValue(buf, v.Index(i))
		}
		return buf, err
	case reflect.Map:
		return encodeMap(buf, v)
	case reflect.Struct:
		var err error
		for i := 0; i < v.NumField() && err == nil; i++ {
			if !v.Type().Field(i).IsExported() {
				return nil, fmt.Errorf("snapshot: %s.%s is unexported", v.Type(), v.Type().Field(i).Name)
			}
			buf, err = encodeValue(buf, v.Field(i))
		}
		return buf, err
	}
	return nil, fmt.Errorf("snapshot: a %s cannot be written", v.Type())
}

// encodeMap appends the encoding of a map, its pairs sorted by the
// encoding of their keys.
func encodeMap(buf []byte, v reflect.Value) ([]byte, error) {
	if v.IsNil() {
		return append(buf, 0), nil
	}
	type pair struct{ key, value []byte }
	pairs := make([]pair, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		k, err := encodeValue(nil, it.Key())
		if err != nil {
			return nil, err
		}
		val, err := encodeValue(nil, it.Value())
		if err != nil {
			return nil, err
		}
		pairs = append(pairs, pair{k, val})
	}
	slices.SortFunc(pairs, func(a, b pair) int { return bytes.Compare(a.key, b.key) })
	buf = binary.AppendUvarint(buf, uint64(len(pairs))+1)
	for _, p := range pairs {
		buf = append(append(buf, p.key...), p.value...)
	}
	return buf, nil
}

// snapshotDecoder reads values from an encoded snapshot. It reads a
// string, which is immutable, so that the strings it decodes are pieces of
// the snapshot's and cost no copy.
type snapshotDecoder struct {
	data string
}

// uvarint reads an unsigned varint, as binary.AppendUvarint writes it.
func (d *snapshotDecoder) uvarint() (uint64, error) {
	var x uint64
	for i := 0; i < len(d.data) && i < binary.MaxVarintLen64; i++ {
		c := d.data[i]
		x |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			d.data = d.data[i+1:]
			return x, nil
		}
	}
	return 0, errSnapshotShort
}

// length reads a length of elements (each at least one byte long, so no
// more than the bytes left), or the length plus one of a slice or map,
// with nil reported apart.
func (d *snapshotDecoder) length(plusOne bool) (n int, isNil bool, err error) {
	x, err := d.uvarint()
	if err != nil {
		return 0, false, err
	}
	if plusOne {
		if x == 0 {
			return 0, true, nil
		}
		x--
	}
	if x > uint64(len(d.data)) {
		return 0, false, errSnapshotShort
	}
	return int(x), false, nil
}

// decode reads into v, which is settable, a value of v's type.
func (d *snapshotDecoder) decode(v reflect.Value) error {
	switch v.Kind() {
	case reflect.String:
		n, _, err := d.length(false)
		if err == nil {
			v.SetString(d.data[:n])
			d.data = d.data[n:]
		}
		return err
	case reflect.Bool, reflect.Pointer:
		if len(d.data) == 0 {
			return errSnapshotShort
		}
		set := d.data[0] == 1
		d.data = d.data[1:]
		if v.Kind() == reflect.Bool {
			v.SetBool(set)
			return nil
		}
		if !set {
			return nil
		}
		v.Set(reflect.New(v.Type().Elem()))
		return d.decode(v.Elem())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		ux, err := d.uvarint()
		x := int64(ux >> 1) // binary.AppendVarint's zig-zag form
		if ux&1 != 0 {
			x = ^x
		}
		v.SetInt(x)
		return err
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		x, err := d.uvarint()
		if v.CanUint() {
			v.SetUint(x)
		} else {
			v.SetFloat(math.Float64frombits(x))
		}
		return err
	}
	return d.decodeComposite(v)
}

// decodeComposite reads a slice, array, map or struct into v.
func (d *snapshotDecoder) decodeComposite(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Slice:
		n, isNil, err := d.length(true)
		if err != nil || isNil {
			return err
		}
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		return d.decodeElems(v)
	case reflect.Array:
		return d.decodeElems(v)
	case reflect.Map:
		n, isNil, err := d.length(true)
		if err != nil || isNil {
			return err
		}
		m := reflect.MakeMapWithSize(v.Type(), n)
		for i := 0; i < n; i++ {
			key, val := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			if err := d.decode(key); err != nil {
				return err
			}
			if err := d.decode(val); err != nil {
				return err
			}
			m.SetMapIndex(key, val)
		}
		v.Set(m)
		return nil
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if err := d.decode(v.Field(i)); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("snapshot: a %s cannot be read", v.Type())
}

func (d *snapshotDecoder) decodeElems(v reflect.Value) error {
	for i := 0; i < v.Len(); i++ {
		if err := d.decode(v.Index(i)); err != nil {
			return err
		}
	}
	return nil
}

// typeLayout describes t as the encoding sees it: the kinds, field names
// and element types, recursively (a type already being described is named
// only), so that two types with the same layout decode the same bytes the
// same way.
func typeLayout(t reflect.Type) string {
	var b strings.Builder
	writeLayout(&b, t, map[reflect.Type]bool{})
	return b.String()
}

func writeLayout(b *strings.Builder, t reflect.Type, seen map[reflect.Type]bool) {
	if seen[t] {
		b.WriteString(t.String())
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		b.WriteString(t.Kind().String() + " ")
		writeLayout(b, t.Elem(), seen)
	case reflect.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		writeLayout(b, t.Elem(), seen)
	case reflect.Map:
		b.WriteString("map[")
		writeLayout(b, t.Key(), seen)
		b.WriteString("]")
		writeLayout(b, t.Elem(), seen)
	case reflect.Struct:
		seen[t] = true
		b.WriteString(t.String() + "{")
		for i := 0; i < t.NumField(); i++ {
			b.WriteString(t.Field(i).Name + " ")
			writeLayout(b, t.Field(i).Type, seen)
			b.WriteString(";")
		}
		b.WriteString("}")
	default:
		b.WriteString(t.Kind().String())
	}
}
