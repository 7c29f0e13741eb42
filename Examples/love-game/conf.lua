-- The window of the LÖVE example; no sound module (the overlay plays a video ad's sound itself).
function love.conf(t)
  t.identity = "intermission-love-game"
  t.version = "11.4"
  t.window.title = "LOVE game"
  t.window.width, t.window.height = 800, 600
  t.window.vsync = 1
  t.modules.audio, t.modules.sound, t.modules.joystick, t.modules.physics = false, false, false, false
end
