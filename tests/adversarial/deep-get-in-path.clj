;; get-in and update-in with a 100,000-key path
;; family: deep
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(def p (vec (range 100000)))
(get-in (update-in {} p (fnil inc 0)) p)
