;; the program's value is an infinite lazy seq (printed with a cut, or a limit error)
;; family: result
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(map inc (range))
