-- Issue 20: the business decides whether members read the business's figures (reports, statistics,
-- the dashboard) or only their own. Default: their own.
ALTER TABLE tenants ADD COLUMN members_see_team_figures boolean NOT NULL DEFAULT false;
