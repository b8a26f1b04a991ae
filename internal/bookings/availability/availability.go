// Package availability answers who can work: available suppliers for a booking's placements
// (ranked, with their availability ratios), available substitutes for a placement, and the
// freelancer stats counts. It only reads.
package availability
