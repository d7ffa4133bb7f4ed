-- Every change to system_config, by the product or by hand, is announced on the channel
-- shareek_settings (the key as payload; empty for a TRUNCATE), when the change commits: each
-- instance forgets the settings it keeps in memory (src/server/settings/service.ts).
CREATE FUNCTION "system_config_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('shareek_settings', '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('shareek_settings', OLD.key);
  ELSE
    PERFORM pg_notify('shareek_settings', NEW.key);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "system_config_changed" AFTER INSERT OR UPDATE OR DELETE ON "system_config"
  FOR EACH ROW EXECUTE FUNCTION "system_config_notify"();
--> statement-breakpoint
CREATE TRIGGER "system_config_truncated" AFTER TRUNCATE ON "system_config"
  FOR EACH STATEMENT EXECUTE FUNCTION "system_config_notify"();
