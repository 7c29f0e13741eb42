-- The tests' eyes (--capture FOLDER): whenever FOLDER/request appears, the game's own screen
-- (love.graphics.captureScreenshot, taken when the frame is presented) goes to FOLDER/frame.pam,
-- the overlay's surface to FOLDER/surface.pam and the counters to FOLDER/status; then the request
-- is removed. Not part of the integration.
local ffi = require("ffi")
local C = require("intermission").C

local function exists(path)
  local file = io.open(path, "rb")
  if file then file:close() end
  return file ~= nil
end

local function write_pam(path, width, height, rows)
  local file = assert(io.open(path, "wb"))
  file:write(string.format("P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", width, height))
  for y = 0, height - 1 do file:write(rows(y)) end
  file:close()
end

local pending = false

return function(folder, game, ads, out)
  if pending or not exists(folder .. "/request") then return end
  pending = true
  if ads ~= nil and C.intermission_surface_pixels(ads, out.pixels, out.w, out.h, out.pitch, nil) == 0 then
    local pixels, pitch = out.pixels[0], out.pitch[0]
    write_pam(folder .. "/surface.pam", out.w[0], out.h[0], function(y) return ffi.string(pixels + y * pitch, out.w[0] * 4) end)
  end
  local counters = string.format("frames=%d updates=%d level=%d paused=%d coins=%d\n", game.frames, game.updates,
    game.level, game.paused and 1 or 0, game.coins)
  love.graphics.captureScreenshot(function(screen)
    local width, height = screen:getDimensions()
    local bytes = ffi.cast("unsigned char *", screen:getFFIPointer())
    write_pam(folder .. "/frame.pam", width, height, function(y) return ffi.string(bytes + y * width * 4, width * 4) end)
    local file = assert(io.open(folder .. "/status.tmp", "w"))
    file:write(counters)
    file:close()
    os.rename(folder .. "/status.tmp", folder .. "/status")
    os.remove(folder .. "/request")
    pending = false
  end)
end
