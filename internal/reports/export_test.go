package reports

// Fill is the streaming test's data set, for the HTTP tests of package reports_test.
var Fill = fill
