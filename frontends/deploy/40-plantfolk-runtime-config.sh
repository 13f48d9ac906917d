#!/bin/sh
# Writes /runtime-config.json (served by nginx, never cached) from the environment at container
# start, so a remote can move to another URL without rebuilding the shell:
#   REMOTE_SOCIAL_URL, REMOTE_EVENTS_URL, REMOTE_ADMIN_URL
#     full URL of that remote's mf-manifest.json; unset or empty = its path on this origin.
set -eu

target_dir=${PLANTFOLK_RUNTIME_CONFIG_DIR:-/var/lib/plantfolk}
target="$target_dir/runtime-config.json"

remote_url() {
  name=$1
  value=$2
  default=$3
  [ -n "$value" ] || value=$default
  # The value goes into JSON as is: refuse anything that would need escaping.
  case "$value" in
    *'"'* | *'\'* | *' '*)
      echo "40-plantfolk-runtime-config: $name must be a plain URL (no quotes, backslashes or spaces): $value" >&2
      return 1
      ;;
  esac
  printf '%s' "$value"
}

social=$(remote_url REMOTE_SOCIAL_URL "${REMOTE_SOCIAL_URL:-}" /remotes/social/mf-manifest.json)
events=$(remote_url REMOTE_EVENTS_URL "${REMOTE_EVENTS_URL:-}" /remotes/events/mf-manifest.json)
admin=$(remote_url REMOTE_ADMIN_URL "${REMOTE_ADMIN_URL:-}" /remotes/admin/mf-manifest.json)

mkdir -p "$target_dir"
printf '{"remotes":{"social":"%s","events":"%s","admin":"%s"}}\n' "$social" "$events" "$admin" > "$target.tmp"
mv "$target.tmp" "$target"
echo "40-plantfolk-runtime-config: remotes social=$social events=$events admin=$admin"
