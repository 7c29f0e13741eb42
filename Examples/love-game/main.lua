-- A tiny LÖVE 11.4 game with Intermission's overlay, through LuaJIT's FFI: a square crosses the
-- window; each crossing is a level, and the break between levels shows an interstitial ad; R shows
-- a rewarded ad for 50 coins; P is the player's pause; Q quits. The overlay draws into pixels it owns; the
-- game copies what changed into an ImageData, replaces its Image's pixels, and draws it over the
-- game, premultiplied. The lines marked INTERMISSION are the whole integration: every line that
-- calls the overlay, hands it the game's input or copies its pixels (declarations aside). TEXTURE
-- marks the game's own drawing of one more picture (made at the surface's size, drawn
-- premultiplied); PAUSE gives the player's pause to the overlay's holds; BREAK and REWARDED add the
-- two full-screen ads. intermission.lua holds the FFI's declarations (the header's part).
--
-- usage: love . [--trace FILE] [--ads MANIFEST] [--interstitial-delay SECONDS] [--capture FOLDER]
--   The library comes from $INTERMISSION_LIBRARY, else libintermission.so on the loader's path.
--   --ads: a manifest file or an http(s) URL (default: the sample ads installed with the library).
--   --interstitial-delay: seconds before the first interstitial and between two (default 30, 60).
--   --capture: whenever FOLDER/request appears, the game writes its own screen (captureScreenshot)
--   to FOLDER/frame.pam, the overlay's surface to FOLDER/surface.pam and its counters to
--   FOLDER/status, then removes the request: the tests' eyes.
local ffi = require("ffi")
local intermission = require("intermission") -- INTERMISSION
local C = intermission.C

local game = { paused = false, frames = 0, updates = 0, level = 0, coins = 0, x = 0 }
local ads, pixels, image -- the overlay; its pixels as an ImageData, uploaded to an Image
local out = ffi.new("intermission_surface_out") -- INTERMISSION
local options = {}
local next_frame = 0

function love.load(arguments)
  for i = 1, #arguments - 1, 2 do options[arguments[i]:gsub("^%-%-", "")] = arguments[i + 1] end
  local config = ffi.new("intermission_config") -- INTERMISSION
  C.intermission_config_init(config) -- INTERMISSION
  -- Callbacks made by ffi.cast live as long as the program: the overlay may call them at any update.
  config.on_pause = ffi.cast("intermission_pause_fn", function() game.paused = true end) -- INTERMISSION
  config.on_resume = ffi.cast("intermission_pause_fn", function() game.paused = false end) -- INTERMISSION
  config.trace_path, config.manifest_path = options.trace, options.ads -- optional: nil takes the defaults
  local delay = tonumber(options["interstitial-delay"])
  if delay then config.interstitial_session_delay, config.interstitial_interval = delay, delay end -- BREAK
  config.on_reward = ffi.cast("intermission_reward_fn", function(_, n) game.coins = game.coins + tonumber(n) end) -- REWARDED
  local error = ffi.new("char[256]")
  local w, h = love.graphics.getDimensions()
  ads = C.intermission_create_surface(w, h, love.graphics.getDPIScale(), config, error, 256) -- INTERMISSION
  if ads == nil then print("no ads: " .. ffi.string(error)) end -- the game runs on without them
end

-- Input goes to the overlay first; what it takes (1) is not the game's.
function love.mousemoved(x, y) C.intermission_pointer_move(ads, x, y) end -- INTERMISSION
function love.mousepressed(x, y, button) C.intermission_pointer_button(ads, x, y, button, 1) end -- INTERMISSION
function love.mousereleased(x, y, button) C.intermission_pointer_button(ads, x, y, button, 0) end -- INTERMISSION
function love.wheelmoved(dx, dy) C.intermission_wheel(ads, dx, dy) end -- INTERMISSION
function love.keyreleased(key) C.intermission_key(ads, intermission.key(key), 0) end -- INTERMISSION
function love.keypressed(key)
  if C.intermission_key(ads, intermission.key(key), 1) == 1 then return end -- INTERMISSION
  if key == "p" then -- the player's pause: a hold of its own, which no ad releases
    if C.intermission_is_held(ads, "user") == 1 then C.intermission_release(ads, "user") else C.intermission_hold(ads, "user") end -- PAUSE
  elseif key == "q" then
    love.event.quit()
  elseif key == "r" and C.intermission_show_rewarded(ads, "bonus_coins") ~= 0 then -- REWARDED
    print("no rewarded ad: " .. ffi.string(C.intermission_errmsg(ads)))
  end
end
function love.resize(w, h) C.intermission_resize(ads, w, h, love.graphics.getDPIScale()) end -- INTERMISSION

function love.update()
  local now = love.timer.getTime() -- 60 updates a second, with vsync or without
  if next_frame > now then love.timer.sleep(next_frame - now) end
  next_frame = math.max(next_frame + 1 / 60, now)
  local shown = love.window.isVisible() and not love.window.isMinimized() -- minimised holds the game
  C.intermission_window_state(ads, shown and 1 or 0, love.window.hasFocus() and 1 or 0) -- INTERMISSION
  C.intermission_update(ads, love.timer.getTime()) -- INTERMISSION: first in the frame, on the game's clock
  game.frames = game.frames + 1
  if not game.paused then -- the game's own update, while nothing holds it; a crossing ends a level
    game.updates = game.updates + 1
    game.x = game.x + 2
    if game.x >= love.graphics.getWidth() then
      game.x, game.level = 0, game.level + 1
      C.intermission_show_interstitial(ads, "level_end") -- BREAK: shown when one is ready, else nothing
    end
  end
end

function love.draw()
  local w, h = love.graphics.getDimensions()
  love.graphics.clear(20 / 255, 27 / 255, 45 / 255)
  love.graphics.setColor(1, 184 / 255, 77 / 255)
  love.graphics.rectangle("fill", game.x, (h - C.intermission_bottom_inset(ads)) / 2 - 20, 40, 40) -- INTERMISSION
  love.graphics.setColor(1, 1, 1)
  if C.intermission_draw(ads) == 0 and C.intermission_surface_pixels(ads, out.pixels, out.w, out.h, out.pitch, out.dirty) == 0 then -- INTERMISSION
    if not pixels or pixels:getWidth() ~= out.w[0] or pixels:getHeight() ~= out.h[0] then -- TEXTURE: a new size
      pixels = love.image.newImageData(out.w[0], out.h[0], "rgba8") -- TEXTURE
      image = love.graphics.newImage(pixels) -- TEXTURE
    end
    local d, to = out.dirty[0], ffi.cast("unsigned char *", pixels:getFFIPointer()) -- INTERMISSION
    for y = d.y, d.y + d.h - 1 do -- only the rows that changed, from rows `pitch` bytes apart
      ffi.copy(to + (y * out.w[0] + d.x) * 4, out.pixels[0] + y * out.pitch[0] + d.x * 4, d.w * 4) -- INTERMISSION
    end
    if d.w > 0 then image:replacePixels(pixels) end -- INTERMISSION
    love.graphics.setBlendMode("alpha", "premultiplied") -- TEXTURE: the pixels are premultiplied
    love.graphics.draw(image, 0, 0, 0, w / out.w[0], h / out.h[0]) -- TEXTURE
    love.graphics.setBlendMode("alpha") -- TEXTURE
  end
  if options.capture then require("capture")(options.capture, game, ads, out) end
end

function love.quit()
  C.intermission_destroy(ads) -- INTERMISSION
  ads = nil
  print(string.format("frames=%d updates=%d level=%d paused=%d coins=%d", game.frames, game.updates, game.level,
    game.paused and 1 or 0, game.coins))
end

-- The overlay calls back into Lua from inside these (update, draw, input, show, destroy): LuaJIT must
-- not compile them, its rule for C functions that call back.
for _, f in ipairs({ love.update, love.draw, love.quit, love.keypressed, love.keyreleased, love.mousemoved, -- INTERMISSION
  love.mousepressed, love.mousereleased, love.wheelmoved, love.resize }) do jit.off(f) end -- INTERMISSION
