-- Screenshots and their images live only in PostgreSQL (server/db/screenshots.ts): a screenshot's image
-- is found by its screenshot, and a deleted unit's images by the unit, without reading every image.
CREATE INDEX rows_screenshot_image_by_screenshot ON rows ((data ->> 'screenshotId')) WHERE collection = 'screenshotImages';
CREATE INDEX rows_screenshot_image_by_unit ON rows ((data ->> 'serviceUnitId')) WHERE collection = 'screenshotImages';
