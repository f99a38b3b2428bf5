-- x-bot in the dashboard's daily counts (migration 0029): bots made, and the conversations
-- visitors started on the sites a bot is embedded in. A member's preview on /x-bot is not a
-- visitor's conversation and is not counted.
CREATE TRIGGER bots_count_daily AFTER INSERT ON bots
  FOR EACH ROW EXECUTE FUNCTION count_daily_row('bots');
--> statement-breakpoint
CREATE TRIGGER bot_conversations_count_daily AFTER INSERT ON bot_conversations
  FOR EACH ROW WHEN (NOT NEW.preview) EXECUTE FUNCTION count_daily_row('bot.conversations');
--> statement-breakpoint
-- What was made before the counts existed.
INSERT INTO daily_counts (organization_id, day, metric, count)
SELECT organization_id, day, metric, count(*) FROM (
  SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date AS day, 'bots' AS metric
  FROM bots
  UNION ALL
  SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, 'bot.conversations'
  FROM bot_conversations WHERE NOT preview
) AS made
GROUP BY organization_id, day, metric
ON CONFLICT (organization_id, day, metric) DO UPDATE SET count = daily_counts.count + EXCLUDED.count;
