// Package availability holds the freelancer stats counts that read bookings' tables (the
// completed instructions of the Freelancer Stats panel). It only reads. Available suppliers are
// bookings/suppliers' and available substitutes bookings/substitution's.
package availability
