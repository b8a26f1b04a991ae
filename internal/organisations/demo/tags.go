package demo

// jobTitles are broadcast crafts, as freelancers describe what they do.
var jobTitles = []string{
	"Camera Operator", "Senior Camera Operator", "Steadicam Operator", "Jib Operator", "Camera Assistant",
	"Vision Mixer", "Vision Engineer", "Sound Supervisor", "Sound Assistant", "Boom Operator",
	"Production Sound Mixer", "EVS Operator", "Replay Operator", "Floor Manager", "Stage Manager",
	"Lighting Director", "Gaffer", "Best Boy", "Electrician", "Rigger",
	"Graphics Operator", "Autocue Operator", "Editor", "Assistant Editor", "Colourist",
	"Director", "Assistant Director", "Producer", "Production Manager", "Production Coordinator",
	"Production Assistant", "Runner", "Researcher", "Technical Manager", "Engineering Manager",
	"Transmission Controller", "Make-up Artist", "Presenter", "Commentator", "Data Wrangler",
}

// skills are kit, systems and techniques crews are booked for.
var skills = []string{
	"Sony FX9", "Sony FX6", "Sony Venice", "ARRI Alexa Mini", "ARRI Amira", "RED Komodo", "Canon C300",
	"Blackmagic URSA", "Grass Valley LDX cameras", "Sony HDC-5500",
	"Steadicam", "Ronin gimbal", "Technocrane", "Jimmy Jib", "Drone (GVC licence)", "Underwater camera",
	"Long lens sport", "Handheld ENG", "Multicamera studio", "Outside broadcast",
	"Avid Media Composer", "Adobe Premiere Pro", "DaVinci Resolve", "Final Cut Pro", "Avid Pro Tools",
	"Adobe After Effects", "Vizrt", "Chyron", "Ross XPression", "Autocue QTV",
	"Grass Valley switchers", "Sony XVS switchers", "Ross Acuity", "Blackmagic ATEM", "Calrec desks",
	"Lawo desks", "SSL System T", "Yamaha CL series", "RF microphones", "Radio talkback",
	"IFB and talkback", "In-ear monitoring", "Dolby Atmos mixing", "5.1 surround mixing", "Boom swinging",
	"EVS XT-VIA", "EVS IPDirector", "Simplylive", "Hawk-Eye replay", "Super slow motion",
	"grandMA lighting desks", "ETC Eos", "LED walls", "DMX programming", "Rigging (IPAF)",
	"Working at height", "SMPTE 2110", "NDI", "SRT streaming", "Satellite uplink",
	"Live news", "Live sport", "Entertainment shiny floor", "Drama single camera", "Factual observational",
	"Music events", "Esports production", "Remote production (REMI)", "First aid at work", "Full UK driving licence",
}

// otherTags are labels that are neither titles nor skills.
var otherTags = []string{"Welsh speaker", "BS7909 trained", "Own kit", "Available for travel"}

// freelancerTags gives each demo freelancer's trade a job title and some skills.
var freelancerTags = map[string][]string{
	"Camera Operator":      {"Camera Operator", "Sony FX9", "Grass Valley LDX cameras", "Long lens sport", "Outside broadcast", "Full UK driving licence"},
	"Vision Mixer":         {"Vision Mixer", "Grass Valley switchers", "Sony XVS switchers", "Live sport", "Multicamera studio"},
	"Lighting Director":    {"Lighting Director", "grandMA lighting desks", "ETC Eos", "LED walls", "Entertainment shiny floor"},
	"Floor Manager":        {"Floor Manager", "IFB and talkback", "Live news", "Entertainment shiny floor", "First aid at work"},
	"Sound Assistant":      {"Sound Assistant", "RF microphones", "Radio talkback", "In-ear monitoring", "Boom swinging"},
	"Graphics Operator":    {"Graphics Operator", "Vizrt", "Chyron", "Ross XPression", "Live sport"},
	"EVS Operator":         {"EVS Operator", "EVS XT-VIA", "EVS IPDirector", "Super slow motion", "Live sport"},
	"Steadicam Operator":   {"Steadicam Operator", "Steadicam", "Ronin gimbal", "Sony Venice", "Music events"},
	"Production Assistant": {"Production Assistant", "Live news", "Full UK driving licence"},
	"Rigger":               {"Rigger", "Rigging (IPAF)", "Working at height", "Outside broadcast"},
	"Autocue Operator":     {"Autocue Operator", "Autocue QTV", "Live news"},
	"Editor":               {"Editor", "Avid Media Composer", "Adobe Premiere Pro", "DaVinci Resolve", "Factual observational"},
	"Sound Supervisor":     {"Sound Supervisor", "Calrec desks", "Lawo desks", "5.1 surround mixing", "Dolby Atmos mixing"},
}

// departmentTags are the job titles each department books most.
var departmentTags = map[string][]string{
	"Sport":         {"Camera Operator", "EVS Operator", "Vision Mixer", "Sound Supervisor", "Graphics Operator"},
	"News":          {"Camera Operator", "Autocue Operator", "Floor Manager", "Editor"},
	"Entertainment": {"Lighting Director", "Floor Manager", "Steadicam Operator", "Vision Mixer"},
	"Drama":         {"Camera Operator", "Gaffer", "Boom Operator", "Colourist"},
	"Factual":       {"Camera Operator", "Editor", "Researcher"},
}
