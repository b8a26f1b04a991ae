package documents

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hive/hive/internal/platform/config"
)

// The DocuSeal side of document signing: the form builder's token (a JWT signed HS256 with the
// API key, with the claims DocuSeal's embedding documents name), the signing request made for
// each freelancer from a template (POST /api/submissions), and the completed-signing webhook's
// payload. Nothing here reads the database.

// TokenLifetime is how long a builder token is good for: the builder is opened with it at once.
const TokenLifetime = time.Hour

// WebhookSecretHeader is the header DocuSeal's webhook sends the shared secret in (DocuSeal's
// console: the webhook's Security button, Secret tab, key X-Hive-Docuseal-Secret and the value
// of HIVE_DOCUSEAL_WEBHOOK_SECRET).
const WebhookSecretHeader = "X-Hive-Docuseal-Secret"

// BuilderFolder is the DocuSeal folder the templates Hive's managers build are kept in.
const BuilderFolder = "Hive"

// DocuSeal talks to one DocuSeal installation.
type DocuSeal struct {
	cfg    config.DocuSeal
	client *http.Client
}

// NewDocuSeal is the DocuSeal of cfg; nil when it is not configured (no URL or API key).
func NewDocuSeal(cfg config.DocuSeal) *DocuSeal {
	if !cfg.Configured() {
		return nil
	}
	return &DocuSeal{cfg: cfg, client: &http.Client{Timeout: 15 * time.Second}}
}

// BuilderToken is what the form builder page needs: the token and where DocuSeal is.
type BuilderToken struct {
	Token string `json:"token" doc:"JWT (HS256, signed with the DocuSeal API key) for the builder's data-token"`
	URL   string `json:"url" doc:"DocuSeal's address: the page loads its builder script from URL/js/builder.js"`
	Host  string `json:"host" doc:"DocuSeal's host (and port), the builder's data-host"`
}

// BuilderClaims are the payload of a builder token (DocuSeal's form builder embedding
// documents, data-token properties).
type BuilderClaims struct {
	UserEmail        string    `json:"user_email"`
	IntegrationEmail string    `json:"integration_email"`
	ExternalID       string    `json:"external_id,omitempty"`
	TemplateID       int64     `json:"template_id,omitempty"`
	DocumentURLs     *[]string `json:"document_urls,omitempty" doc:"an empty list lets the manager upload the document"`
	FolderName       string    `json:"folder_name,omitempty"`
	Name             string    `json:"name,omitempty"`
	jwt.RegisteredClaims
}

// BuilderToken signs a builder token for the manager with email integrationEmail at now: an
// existing template when templateID is not 0, otherwise a new one the manager uploads a
// document into (document_urls empty allows the upload).
func (d *DocuSeal) BuilderToken(integrationEmail string, templateID int64, now time.Time) (BuilderToken, error) {
	claims := BuilderClaims{UserEmail: d.cfg.UserEmail, IntegrationEmail: integrationEmail, FolderName: BuilderFolder,
		RegisteredClaims: jwt.RegisteredClaims{IssuedAt: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(TokenLifetime))}}
	if templateID != 0 {
		claims.TemplateID = templateID
	} else {
		claims.Name = "New Hive document"
		claims.DocumentURLs = &[]string{}
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(d.cfg.APIKey))
	if err != nil {
		return BuilderToken{}, fmt.Errorf("sign builder token: %w", err)
	}
	u, err := url.Parse(d.cfg.URL)
	if err != nil {
		return BuilderToken{}, fmt.Errorf("HIVE_DOCUSEAL_URL: %w", err)
	}
	return BuilderToken{Token: token, URL: d.cfg.URL, Host: u.Host}, nil
}

// Signer is one freelancer a signing request is made for.
type Signer struct {
	UserID      int64
	Email, Name string
}

// Signing is DocuSeal's answer for one signer: their submission, their part in it and the
// address of their signing form.
type Signing struct {
	SubmissionID int64
	SubmitterID  int64
	URL          string
}

// submitter is one element of DocuSeal's answer to POST /api/submissions.
type submitter struct {
	ID           int64  `json:"id"`
	SubmissionID int64  `json:"submission_id"`
	Slug         string `json:"slug"`
	EmbedSrc     string `json:"embed_src"`
}

// RequestSigning asks DocuSeal for a signing request of template for s, its own submission (so
// each freelancer signs their own copy). DocuSeal sends no mail: Hive lists the document.
func (d *DocuSeal) RequestSigning(ctx context.Context, template int64, s Signer) (Signing, error) {
	body, _ := json.Marshal(map[string]any{"template_id": template, "send_email": false,
		"submitters": []map[string]any{{"email": s.Email, "name": s.Name, "external_id": "hive-user-" +
			strconv.FormatInt(s.UserID, 10)}}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.cfg.URL+"/api/submissions", bytes.NewReader(body))
	if err != nil {
		return Signing{}, err
	}
	req.Header.Set("X-Auth-Token", d.cfg.APIKey)
	req.Header.Set("Content-Type", "application/json")
	res, err := d.client.Do(req)
	if err != nil {
		return Signing{}, fmt.Errorf("docuseal submissions: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return Signing{}, fmt.Errorf("docuseal submissions: %s: %s", res.Status, msg)
	}
	var subs []submitter
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&subs); err != nil {
		return Signing{}, fmt.Errorf("docuseal submissions: %w", err)
	}
	if len(subs) == 0 || subs[0].ID == 0 {
		return Signing{}, fmt.Errorf("docuseal submissions: no submitter in the answer")
	}
	sub := subs[0]
	link := sub.EmbedSrc
	if !webURL(link) {
		link = d.cfg.URL + "/s/" + url.PathEscape(sub.Slug)
	}
	return Signing{SubmissionID: sub.SubmissionID, SubmitterID: sub.ID, URL: link}, nil
}

// WebhookAuthentic reports whether secret (the header's value) is the configured webhook secret.
// Without one configured no delivery is authentic.
func WebhookAuthentic(cfg config.DocuSeal, secret string) bool {
	return cfg.WebhookSecret != "" && subtle.ConstantTimeCompare([]byte(secret), []byte(cfg.WebhookSecret)) == 1
}

// WebhookEvent is the part of DocuSeal's form webhook Hive reads.
type WebhookEvent struct {
	EventType string `json:"event_type" doc:"form.completed marks the document completed; other events change nothing"`
	Timestamp string `json:"timestamp,omitempty"`
	Data      struct {
		ID         int64  `json:"id" doc:"the submitter (one freelancer's signing)"`
		Email      string `json:"email,omitempty"`
		Status     string `json:"status,omitempty"`
		ExternalID string `json:"external_id,omitempty"`
		Submission struct {
			ID int64 `json:"id"`
		} `json:"submission"`
	} `json:"data"`
}

// Completes reports whether e says a signer completed their form.
func (e WebhookEvent) Completes() bool {
	return strings.EqualFold(e.EventType, "form.completed") && e.Data.ID != 0
}
