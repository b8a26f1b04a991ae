package demo

import (
	_ "embed"
	"encoding/json"
)

// demoTags is the demo's tag data, kept as data in tags.json:
//   - jobTitles are broadcast crafts, as freelancers describe what they do;
//   - skills are kit, systems and techniques crews are booked for;
//   - other are labels that are neither titles nor skills;
//   - freelancerTags gives each demo freelancer's trade a job title (first) and some skills;
//   - departmentTags are the job titles each department books most.
//
//go:embed tags.json
var demoTags []byte

var jobTitles, skills, otherTags, freelancerTags, departmentTags = decodeTags()

func decodeTags() (jobTitles, skills, other []string, freelancerTags, departmentTags map[string][]string) {
	var t struct {
		JobTitles      []string            `json:"jobTitles"`
		Skills         []string            `json:"skills"`
		Other          []string            `json:"other"`
		FreelancerTags map[string][]string `json:"freelancerTags"`
		DepartmentTags map[string][]string `json:"departmentTags"`
	}
	if err := json.Unmarshal(demoTags, &t); err != nil {
		panic("demo/tags.json: " + err.Error()) // embedded at build time; a test decodes it
	}
	return t.JobTitles, t.Skills, t.Other, t.FreelancerTags, t.DepartmentTags
}
