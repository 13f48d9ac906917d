#!/bin/sh
# Writes /runtime-config.json (served by nginx, never cached) from the environment at container
# start, so a remote can move to another URL without rebuilding the shell:
#   REMOTE_SOCIAL_URL, REMOTE_EVENTS_URL, REMOTE_ADMIN_URL
#     full URL of that remote's mf-manifest.json; unset or empty = its path on this origin.
#   REMOTE_SOCIAL_ROUTES, REMOTE_EVENTS_ROUTES, REMOTE_ADMIN_ROUTES
#     the URL patterns that remote serves, space-separated (/events /event/* /:handle/events);
#     unset or empty = the shell's default list (frontends/shell/public/runtime-config.json). A
#     team adds a route to its remote this way, without rebuilding the shell.
#   SETTINGS_SECTIONS_FROM
#     the remotes, space-separated, whose sections /settings shows; unset or empty = the default.
#   MAP_TILES_URL, MAP_TILES_ATTRIBUTION
#     the event page's map tiles: an http(s) URL template (or a path on this origin) with {z}, {x}
#     and {y}, and the credit the tile server asks for; unset or empty = no map (the address only).
#     The tile server's origin is allowed for images in the page headers. So is the origin of the
#     admins' `map_tiles_url` site setting: nginx asks the API for it on each page load (its
#     `$plantfolk_map_tiles_src` variable in the policy, see default.conf.template).
# and page-headers.conf next to it: the pages' security headers, whose Content-Security-Policy
# allows this origin and exactly the remotes' origins. nginx includes it (default.conf.template).
# The dev gateway builds the same headers (libs/devstack/src/page-headers.ts); a test compares them.
set -eu
# Patterns hold `*`: never expand them against the file system.
set -f

target_dir=${PLANTFOLK_RUNTIME_CONFIG_DIR:-/var/lib/plantfolk}
target="$target_dir/runtime-config.json"
headers="$target_dir/page-headers.conf"

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

# A JSON list of the URL patterns in $2 (nothing when there are none); refuses anything else.
# The dev gateway accepts exactly the same patterns (libs/devstack/src/runtime-config.ts).
route_list() {
  name=$1
  list=""
  for pattern in $2; do
    if ! printf '%s' "$pattern" |
      grep -Eq '^/([A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*)?(/([A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*))*(/\*)?$'; then
      echo "40-plantfolk-runtime-config: $name: not a URL pattern: $pattern" >&2
      return 1
    fi
    list="${list:+$list,}\"$pattern\""
  done
  printf '%s' "$list"
}

social=$(remote_url REMOTE_SOCIAL_URL "${REMOTE_SOCIAL_URL:-}" /remotes/social/mf-manifest.json)
events=$(remote_url REMOTE_EVENTS_URL "${REMOTE_EVENTS_URL:-}" /remotes/events/mf-manifest.json)
admin=$(remote_url REMOTE_ADMIN_URL "${REMOTE_ADMIN_URL:-}" /remotes/admin/mf-manifest.json)

social_routes=$(route_list REMOTE_SOCIAL_ROUTES "${REMOTE_SOCIAL_ROUTES:-}")
events_routes=$(route_list REMOTE_EVENTS_ROUTES "${REMOTE_EVENTS_ROUTES:-}")
admin_routes=$(route_list REMOTE_ADMIN_ROUTES "${REMOTE_ADMIN_ROUTES:-}")
routes=""
for pair in "social:$social_routes" "events:$events_routes" "admin:$admin_routes"; do
  if [ -n "${pair#*:}" ]; then
    routes="${routes:+$routes,}\"${pair%%:*}\":[${pair#*:}]"
  fi
done

settings_from=""
for name in ${SETTINGS_SECTIONS_FROM:-}; do
  case "$name" in
    social | events | admin) ;;
    *)
      echo "40-plantfolk-runtime-config: SETTINGS_SECTIONS_FROM: no remote is called $name" >&2
      exit 1
      ;;
  esac
  settings_from="${settings_from:+$settings_from,}\"$name\""
done

header_from=""
for name in ${HEADER_ITEMS_FROM:-}; do
  case "$name" in
    social | events | admin) ;;
    *)
      echo "40-plantfolk-runtime-config: HEADER_ITEMS_FROM: no remote is called $name" >&2
      exit 1
      ;;
  esac
  header_from="${header_from:+$header_from,}\"$name\""
done

# Only what the environment sets: the shell takes the rest from its own runtime-config.json.
optional=""
if [ -n "$routes" ]; then optional="$optional,\"routes\":{$routes}"; fi
if [ -n "$settings_from" ]; then optional="$optional,\"settingsSectionsFrom\":[$settings_from]"; fi
if [ -n "$header_from" ]; then optional="$optional,\"headerItemsFrom\":[$header_from]"; fi

# The origin of an http(s) URL, lower-case and without its default port; nothing for a path on
# this origin ('self' covers it). Anything else is refused: it could not be put in the header.
origin_of() {
  name=$1
  value=$2
  case "$value" in
    //*) ;;
    /*) return 0 ;;
  esac
  origin=$(printf '%s' "$value" | tr 'A-Z' 'a-z' |
    sed -n 's|^\(https\{0,1\}://[a-z0-9.-]\{1,\}\(:[0-9]\{1,5\}\)\{0,1\}\)\([/?#].*\)\{0,1\}$|\1|p')
  if [ -z "$origin" ]; then
    echo "40-plantfolk-runtime-config: $name must be a path on this origin or an http(s) URL: $value" >&2
    return 1
  fi
  case "$origin" in
    http://*:80) origin=${origin%:80} ;;
    https://*:443) origin=${origin%:443} ;;
  esac
  printf '%s' "$origin"
}

# Map tiles: the same checks as the dev gateway's (libs/devstack/src/runtime-config.ts).
trim() {
  printf '%s' "$1" | sed 's/^[[:space:]]*//;s/[[:space:]]*$//'
}
tiles_url=$(trim "${MAP_TILES_URL:-}")
tiles_attribution=$(trim "${MAP_TILES_ATTRIBUTION:-}")
tiles_origin=""
if [ -n "$tiles_url" ]; then
  tiles_bad=""
  case "$tiles_url" in
    *'"'* | *'\'* | *[[:space:]]* | *"'"* | *'<'* | *'>'* | *';'* | *','*) tiles_bad=1 ;;
  esac
  case "$tiles_url" in *'{z}'*) ;; *) tiles_bad=1 ;; esac
  case "$tiles_url" in *'{x}'*) ;; *) tiles_bad=1 ;; esac
  case "$tiles_url" in *'{y}'*) ;; *) tiles_bad=1 ;; esac
  case "$tiles_url" in
    //*) tiles_bad=1 ;;
    /*) ;;
    *) printf '%s' "$tiles_url" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?/' || tiles_bad=1 ;;
  esac
  if [ -n "$tiles_bad" ]; then
    echo "40-plantfolk-runtime-config: MAP_TILES_URL must be an http(s) URL or a path with {z}, {x} and {y}, and no quotes or spaces: $tiles_url" >&2
    exit 1
  fi
  if [ -n "$tiles_attribution" ]; then
    case "$tiles_attribution" in
      *'"'* | *'\'*) tiles_bad=1 ;;
    esac
    if printf '%s' "$tiles_attribution" | grep -q '[[:cntrl:]]'; then tiles_bad=1; fi
    if [ "$(printf '%s' "$tiles_attribution" | wc -m)" -gt 200 ]; then tiles_bad=1; fi
    if [ -n "$tiles_bad" ]; then
      echo "40-plantfolk-runtime-config: MAP_TILES_ATTRIBUTION must be plain text of at most 200 characters (no quotes or backslashes)" >&2
      exit 1
    fi
    optional="$optional,\"mapTiles\":{\"url\":\"$tiles_url\",\"attribution\":\"$tiles_attribution\"}"
  else
    optional="$optional,\"mapTiles\":{\"url\":\"$tiles_url\",\"attribution\":null}"
  fi
  tiles_origin=$(origin_of MAP_TILES_URL "$(printf '%s' "$tiles_url" | sed 's/{[xyz]}/0/g')")
fi

origins=""
for pair in "REMOTE_SOCIAL_URL $social" "REMOTE_EVENTS_URL $events" "REMOTE_ADMIN_URL $admin"; do
  origin=$(origin_of "${pair%% *}" "${pair#* }")
  [ -n "$origin" ] || continue
  case " $origins " in
    *" $origin "*) ;;
    *) origins="${origins:+$origins }$origin" ;;
  esac
done
with_remotes() {
  printf '%s' "$*${origins:+ $origins}"
}
image_origins=$origins
if [ -n "$tiles_origin" ]; then
  case " $origins " in
    *" $tiles_origin "*) ;;
    *) image_origins="${image_origins:+$image_origins }$tiles_origin" ;;
  esac
fi
csp="default-src 'self'; script-src $(with_remotes "'self'"); style-src $(with_remotes "'self'" "'unsafe-inline'"); img-src 'self' data: blob:${image_origins:+ $image_origins}\$plantfolk_map_tiles_src; font-src $(with_remotes "'self'" data:); connect-src $(with_remotes "'self'"); frame-src https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

mkdir -p "$target_dir"
printf '{"remotes":{"social":"%s","events":"%s","admin":"%s"}%s}\n' "$social" "$events" "$admin" "$optional" > "$target.tmp"
mv "$target.tmp" "$target"
{
  echo "# Written by 40-plantfolk-runtime-config.sh at container start."
  echo "add_header Content-Security-Policy \"$csp\" always;"
  echo 'add_header X-Frame-Options "DENY" always;'
  echo 'add_header Referrer-Policy "strict-origin-when-cross-origin" always;'
  echo 'add_header X-Content-Type-Options "nosniff" always;'
} > "$headers.tmp"
mv "$headers.tmp" "$headers"
echo "40-plantfolk-runtime-config: remotes social=$social events=$events admin=$admin"
echo "40-plantfolk-runtime-config: routes ${routes:-as the shell's defaults}; settings sections from ${SETTINGS_SECTIONS_FROM:-the shell's default}"
echo "40-plantfolk-runtime-config: page Content-Security-Policy allows ${origins:-this origin only}"
echo "40-plantfolk-runtime-config: map tiles ${tiles_url:-off (the event page shows the address)}"
