// Generated from openapi.json by scripts/generate-field-rules.mjs (`npm run generate`). Do not edit.

/** The API's e-mail rule (spec section 5), exactly as the OpenAPI document states it. */
export const EMAIL_RULE = {
  "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*$",
  "minLength": 3,
  "maxLength": 254
} as const;

/**
 * The words a username or page handle may not be (compared lower-cased): the first path segments
 * the app uses (RegisterDto.username `not.enum`).
 */
export const RESERVED_HANDLE_LIST = [
  "about",
  "admin",
  "api",
  "assets",
  "auth",
  "docs",
  "edit",
  "event",
  "events",
  "favicon",
  "help",
  "home",
  "invites",
  "join",
  "login",
  "logout",
  "me",
  "messages",
  "nearby",
  "new",
  "notifications",
  "page",
  "pages",
  "plant",
  "plantfolk",
  "plants",
  "post",
  "posts",
  "profile",
  "register",
  "remotes",
  "robots",
  "root",
  "search",
  "settings",
  "signup",
  "sitemap",
  "static",
  "storage",
  "support",
  "system",
  "tag",
  "tags",
  "user",
  "users",
  "welcome"
] as const;

/** Lengths and counts the API enforces on posts, comments, plant listings and profiles. */
export const FIELD_LIMITS = {
  "content": {
    "postText": 5000,
    "photosPerPost": 10,
    "tagsPerPost": 10,
    "altText": 300,
    "comment": 2000
  },
  "plant": {
    "name": 80,
    "species": 120,
    "swapTerms": 300,
    "photoDescription": 1000,
    "minQuantity": 1,
    "maxQuantity": 999
  },
  "profile": {
    "displayName": 50,
    "bio": 300
  }
} as const;
