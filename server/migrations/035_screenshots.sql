-- The screenshots and their uploaded images leave the JSON log (`rows`) and the list table (`screenshot_list`)
-- for tables of their own (server/db/screenshot-table.ts): typed columns, the list's keys as columns, a
-- screenshot's unit a foreign key (a unit's deletion takes its screenshots), and an image its screenshot's.
CREATE TABLE screenshots (
  id text PRIMARY KEY,
  -- The unit's organization when it was captured: what a caller's scope filters by, without a join.
  organization_id text NOT NULL,
  service_unit_id text NOT NULL,
  captured_at timestamptz NOT NULL,
  width integer NOT NULL CHECK (width >= 0),
  height integer NOT NULL CHECK (height >= 0),
  active_window_title text NOT NULL,
  process_name text NOT NULL,
  flagged boolean NOT NULL,
  note text NOT NULL,
  -- An agent uploaded its image (screenshot_images); a simulated one is drawn by the app.
  has_image boolean NOT NULL,
  -- The list's keys (core/screenshot-list.ts, screenshotListEntry): capturedAt as written (an ISO text, also
  -- the screenshot's capturedAt as read) and idSortKey, compared by code point, so PostgreSQL orders as the
  -- embedded backend; the lower-cased texts a search looks in, and the one text the trigram index covers.
  captured_key text COLLATE "C" NOT NULL,
  id_key text COLLATE "C" NOT NULL,
  search text[] NOT NULL,
  search_text text NOT NULL
);

-- Field for field, with the keys screenshot_list held (a screenshot without its list row gets them as core
-- computes them). A value the schema refuses (never written by the backend) is read as the domain would.
INSERT INTO screenshots (
  id, organization_id, service_unit_id, captured_at, width, height, active_window_title, process_name, flagged, note,
  has_image, captured_key, id_key, search, search_text
)
SELECT
  r.id,
  coalesce(r.data ->> 'organizationId', ''),
  coalesce(r.data ->> 'serviceUnitId', ''),
  coalesce(
    CASE WHEN r.data ->> 'capturedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'capturedAt')::timestamptz END,
    'epoch'::timestamptz
  ),
  CASE WHEN r.data ->> 'width' ~ '^\d{1,9}$' THEN (r.data ->> 'width')::integer ELSE 0 END,
  CASE WHEN r.data ->> 'height' ~ '^\d{1,9}$' THEN (r.data ->> 'height')::integer ELSE 0 END,
  coalesce(r.data ->> 'activeWindowTitle', ''),
  coalesce(r.data ->> 'processName', ''),
  coalesce(r.data ->> 'flagged' = 'true', false),
  coalesce(r.data ->> 'note', ''),
  coalesce(r.data ->> 'hasImage' = 'true', false),
  coalesce(l.captured_key, coalesce(r.data ->> 'capturedAt', '')),
  coalesce(l.id_key, CASE WHEN r.id ~ '^(0|[1-9]\d{0,14})$' THEN '0' || lpad(r.id, 16, '0') ELSE '1' || r.id END),
  coalesce(l.search, ARRAY[lower(coalesce(r.data ->> 'activeWindowTitle', '')), lower(coalesce(r.data ->> 'processName', ''))]),
  coalesce(
    l.search_text,
    lower(coalesce(r.data ->> 'activeWindowTitle', '')) || E'\n' || lower(coalesce(r.data ->> 'processName', ''))
  )
FROM rows r
LEFT JOIN screenshot_list l ON l.id = r.id
WHERE r.collection = 'screenshots' AND NOT r.deleted;

-- An image as the agent uploaded it (bytes, not the base64 text it came in), one per screenshot.
CREATE TABLE screenshot_images (
  id text PRIMARY KEY,
  screenshot_id text NOT NULL UNIQUE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  data bytea NOT NULL
);

-- The images of screenshots that exist, one each (the first stored), whose text is base64 as uploads are checked.
INSERT INTO screenshot_images (id, screenshot_id, content_type, data)
SELECT DISTINCT ON (r.data ->> 'screenshotId') r.id, r.data ->> 'screenshotId', r.data ->> 'contentType', decode(r.data ->> 'data', 'base64')
FROM rows r
JOIN screenshots s ON s.id = r.data ->> 'screenshotId'
WHERE r.collection = 'screenshotImages' AND NOT r.deleted
  AND r.data ->> 'contentType' IN ('image/png', 'image/jpeg')
  AND r.data ->> 'data' ~ '^[A-Za-z0-9+/]*={0,2}$' AND length(r.data ->> 'data') % 4 = 0
ORDER BY r.data ->> 'screenshotId', r.seq;

DROP INDEX rows_screenshot_image_by_screenshot;
DROP INDEX rows_screenshot_image_by_unit;
DROP TABLE screenshot_list;
DELETE FROM rows WHERE collection IN ('screenshots', 'screenshotImages');

-- The one order (capture time, ties by id; newest first reads them backwards): for every organization, for
-- one, and for one unit (also all of a unit's when it goes); and the searches.
CREATE INDEX screenshots_by_time ON screenshots (captured_key, id_key);
CREATE INDEX screenshots_by_organization_time ON screenshots (organization_id, captured_key, id_key);
CREATE INDEX screenshots_by_unit_time ON screenshots (service_unit_id, captured_key, id_key);
CREATE INDEX screenshots_search ON screenshots USING gin (search_text gin_trgm_ops);

-- A screenshot belongs to a unit, and goes with it; an image with its screenshot. Checked at commit (a seed
-- stores screenshots and units in one transaction, in any order); the unit's NOT VALID: screenshots a database
-- stored before keep their rows whatever unit they name, every one written since is checked.
ALTER TABLE screenshots ADD CONSTRAINT screenshots_unit_fk
  FOREIGN KEY (service_unit_id) REFERENCES service_units (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
ALTER TABLE screenshot_images ADD CONSTRAINT screenshot_images_screenshot_fk
  FOREIGN KEY (screenshot_id) REFERENCES screenshots (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
